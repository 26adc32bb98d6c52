package io.tambat.adapter.in.http.problem;

import io.tambat.domain.error.MissingPayloadObjectException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A payload move or re-seal met a row naming an object the store does not have: 409
 * {@code payload_object_missing}, naming the row, so the operator checks the bucket and prefix before starting it
 * again.
 */
@Provider
public class MissingPayloadObjectMapper implements ExceptionMapper<MissingPayloadObjectException> {

    @Override
    public Response toResponse(MissingPayloadObjectException exception) {
        return Problems.of(ProblemCode.PAYLOAD_OBJECT_MISSING, exception.getMessage());
    }
}
