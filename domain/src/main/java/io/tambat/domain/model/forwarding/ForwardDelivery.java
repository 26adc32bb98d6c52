package io.tambat.domain.model.forwarding;

import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A leased delivery of one message to one destination, with what sending it needs of its event: the identity
 * the headers carry and the sealed raw body (empty once retention purged it).
 */
public record ForwardDelivery(
        long deliveryId,
        String destinationId,
        MessageType type,
        String messageId,
        UUID inboxId,
        Lease lease,
        String provider,
        EndpointId endpointId,
        String eventType,
        String providerEventId,
        Optional<String> contentType,
        Optional<SealedPayload> payload) {

    public ForwardDelivery {
        Objects.requireNonNull(destinationId);
        Objects.requireNonNull(type);
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(lease);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(providerEventId);
        Objects.requireNonNull(contentType);
        Objects.requireNonNull(payload);
    }

    /** The message as sent, around the opened body. */
    public ForwardMessage message(byte[] body) {
        return new ForwardMessage(messageId, type, inboxId, provider, endpointId.value(), eventType, providerEventId,
                contentType.orElse("application/octet-stream"), body);
    }
}
