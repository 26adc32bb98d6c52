package io.tambat.adapter.in.http.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A value object refused an operator's input. Their messages are written to be shown and never echo the
 * value itself.
 */
@Provider
public class InvalidArgumentMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(IllegalArgumentException exception) {
        return Problems.of(400, "invalid_request", "Invalid request", exception.getMessage());
    }
}
