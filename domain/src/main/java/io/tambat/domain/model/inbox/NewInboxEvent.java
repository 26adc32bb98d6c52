package io.tambat.domain.model.inbox;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.provider.spi.WebhookEvent;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An authenticated event about to be stored: its identity, the sealed raw body (in the row, or already put in the
 * object store), a keyed digest of the raw body,
 * the secret version that verified it, and the trace context of the request that accepted it (opaque, see
 * {@link io.tambat.domain.port.out.work.TracingPort}), so that its processing can be linked to that request, and the
 * body's content type as it came, which forwarding sends with it.
 */
public record NewInboxEvent(
        UUID inboxId,
        String provider,
        EndpointId endpointId,
        WebhookEvent event,
        Instant receivedAt,
        StoredPayload payload,
        PayloadDigest payloadDigest,
        String matchedSecretVersion,
        Optional<String> traceContext,
        Optional<String> contentType) {

    public NewInboxEvent {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(event);
        Objects.requireNonNull(receivedAt);
        Objects.requireNonNull(payload);
        Objects.requireNonNull(matchedSecretVersion);
        Objects.requireNonNull(traceContext);
        Objects.requireNonNull(contentType);
        Objects.requireNonNull(payloadDigest);
    }

    /**
     * The associated data that binds a sealed payload to this row: decrypting it under another row's
     * identity fails.
     */
    public static byte[] payloadAssociatedData(UUID inboxId, String provider, EndpointId endpointId,
            String providerEventId) {
        return ("inbox|" + inboxId + "|" + provider + "|" + endpointId.value() + "|" + providerEventId)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
