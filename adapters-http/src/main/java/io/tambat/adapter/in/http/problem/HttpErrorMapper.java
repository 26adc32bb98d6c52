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

    private static final Map<Integer, String> CODES = Map.of(
            400, "invalid_request",
            401, "unauthorized",
            403, "forbidden",
            404, "not_found",
            405, "method_not_allowed",
            406, "not_acceptable",
            415, "unsupported_media_type");

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        String code = CODES.getOrDefault(status, status >= 500 ? "internal_error" : "invalid_request");
        Response.ResponseBuilder problem = Response.fromResponse(Problems.of(status, code, null));
        original.getStringHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Content-Length")) {
                values.forEach(value -> problem.header(name, value));
            }
        });
        return problem.build();
    }
}
