package io.tambat.adapter.in.http.problem;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * The framework's own HTTP errors (no such route, method not allowed, media type not supported, access
 * denied) as problem documents, keeping their status and headers ({@code Allow}, {@code WWW-Authenticate}).
 */
@Provider
public class HttpErrorMapper implements ExceptionMapper<WebApplicationException> {

    private static final Map<Integer, ProblemCode> CODES = Map.of(
            400, ProblemCode.INVALID_REQUEST,
            401, ProblemCode.UNAUTHORIZED,
            403, ProblemCode.FORBIDDEN,
            404, ProblemCode.NOT_FOUND,
            405, ProblemCode.METHOD_NOT_ALLOWED,
            406, ProblemCode.NOT_ACCEPTABLE,
            415, ProblemCode.UNSUPPORTED_MEDIA_TYPE);

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        ProblemCode code = CODES.getOrDefault(status,
                status >= 500 ? ProblemCode.INTERNAL_ERROR : ProblemCode.INVALID_REQUEST);
        Response.ResponseBuilder problem = Response.fromResponse(Problems.of(status, code, null));
        original.getStringHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Content-Length")) {
                values.forEach(value -> problem.header(name, value));
            }
        });
        return problem.build();
    }
}
