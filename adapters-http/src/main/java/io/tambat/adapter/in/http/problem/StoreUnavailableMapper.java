package io.tambat.adapter.in.http.problem;

import io.tambat.domain.error.StoreUnavailableException;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A real outage: 503 {@code storage_unavailable} with the one {@code Retry-After}. Nothing was stored, so the
 * same request (with the same Idempotency-Key, where there is one) may be sent again.
 */
@Provider
public class StoreUnavailableMapper implements ExceptionMapper<StoreUnavailableException> {

    @Inject
    RetryAdvice advice;

    @Override
    public Response toResponse(StoreUnavailableException exception) {
        return Problems.retryable(ProblemCode.STORAGE_UNAVAILABLE,
                "storage is unavailable; nothing was stored, so the request may be sent again",
                advice.retryAfter());
    }
}
