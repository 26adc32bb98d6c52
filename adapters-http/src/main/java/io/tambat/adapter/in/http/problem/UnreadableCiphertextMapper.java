package io.tambat.adapter.in.http.problem;

import io.tambat.domain.error.UnreadableCiphertextException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A stored ciphertext sealed under a payload key no longer configured: 409 {@code payload_key_missing}. */
@Provider
public class UnreadableCiphertextMapper implements ExceptionMapper<UnreadableCiphertextException> {

    @Override
    public Response toResponse(UnreadableCiphertextException exception) {
        return Problems.of(ProblemCode.PAYLOAD_KEY_MISSING, exception.getMessage());
    }
}
