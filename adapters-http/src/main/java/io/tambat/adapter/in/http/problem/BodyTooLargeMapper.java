package io.tambat.adapter.in.http.problem;

import io.tambat.adapter.in.http.body.BodyTooLargeException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** 413 {@code payload_too_large}; the connection closes, so the rest of the body is never read into memory. */
@Provider
public class BodyTooLargeMapper implements ExceptionMapper<BodyTooLargeException> {

    @Override
    public Response toResponse(BodyTooLargeException exception) {
        return Response.fromResponse(Problems.of(ProblemCode.PAYLOAD_TOO_LARGE, exception.getMessage())).header("Connection", "close").build();
    }
}
