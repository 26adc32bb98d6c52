package io.tambat.adapter.in.http.problem;

import io.tambat.application.port.in.ManageSecretsUseCase;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.error.TambatException;
import io.tambat.domain.error.UnreadableCiphertextException;
import io.tambat.domain.error.WebhookRejectedException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.time.Duration;

/** Maps Tambat's own exceptions outside the webhook intake (which answers its rejections itself). */
@Provider
public class TambatExceptionMapper implements ExceptionMapper<TambatException> {

    private static final Duration STORAGE_RETRY = Duration.ofSeconds(5);

    @Override
    public Response toResponse(TambatException exception) {
        if (exception instanceof WebhookRejectedException rejected) {
            return Problems.of(rejected);
        }
        if (exception instanceof ManageSecretsUseCase.UnknownEndpointException) {
            return Problems.of(404, "unknown_endpoint", "Unknown endpoint", "no endpoint with this id");
        }
        if (exception instanceof ManageSecretsUseCase.InvalidSecretException invalid) {
            return Problems.invalid(400, "invalid_request", "/" + invalid.field(), exception.getMessage());
        }
        if (exception instanceof UnreadableCiphertextException) {
            return Problems.of(409, "payload_key_missing", exception.getMessage());
        }
        if (exception instanceof StoreUnavailableException) {
            return Problems.retryable(503, "storage_unavailable", "Storage unavailable",
                    "storage is unavailable", STORAGE_RETRY);
        }
        return UnexpectedErrorMapper.answer(exception);
    }
}
