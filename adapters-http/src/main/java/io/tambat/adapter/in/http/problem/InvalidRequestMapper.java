package io.tambat.adapter.in.http.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Malformed bodies and query parameters: 400 {@code invalid_request} with the offending member. */
@Provider
public class InvalidRequestMapper implements ExceptionMapper<InvalidRequestException> {

    @Override
    public Response toResponse(InvalidRequestException exception) {
        return Problems.invalid(ProblemCode.INVALID_REQUEST, exception.pointer(), exception.getMessage());
    }
}
