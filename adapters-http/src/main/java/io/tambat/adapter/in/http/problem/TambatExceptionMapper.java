package io.tambat.adapter.in.http.problem;

import io.tambat.application.port.in.ManageSecretsUseCase;
import io.tambat.application.webhook.IngressSettings;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.error.TambatException;
import io.tambat.domain.error.UnreadableCiphertextException;
import io.tambat.domain.error.WebhookRejectedException;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Maps Tambat's own exceptions outside the webhook intake (which answers its rejections itself). */
@Provider
public class TambatExceptionMapper implements ExceptionMapper<TambatException> {

    @Inject
    IngressSettings settings;

    @Override
    public Response toResponse(TambatException exception) {
        if (exception instanceof WebhookRejectedException rejected) {
            return Problems.of(rejected);
        }
        if (exception instanceof ManageSecretsUseCase.UnknownEndpointException) {
            return Problems.of(ProblemCode.UNKNOWN_ENDPOINT, "no endpoint with this id");
        }
        if (exception instanceof ManageSecretsUseCase.InvalidSecretException invalid) {
            return Problems.invalid(ProblemCode.INVALID_REQUEST, "/" + invalid.field(), exception.getMessage());
        }
        if (exception instanceof UnreadableCiphertextException) {
            return Problems.of(ProblemCode.PAYLOAD_KEY_MISSING, exception.getMessage());
        }
        if (exception instanceof StoreUnavailableException) {
            return Problems.retryable(ProblemCode.STORAGE_UNAVAILABLE, "storage is unavailable",
                    settings.retryAfter());
        }
        return UnexpectedErrorMapper.answer(exception);
    }
}
