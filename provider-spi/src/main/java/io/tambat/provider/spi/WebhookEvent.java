package io.tambat.provider.spi;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One logical provider event read from a verified delivery.
 *
 * @param providerEventId   the provider's own stable identity of the event, the same on every retry; never a
 *                          hash of the payload
 * @param eventType         the provider's event type, e.g. {@code payment_intent.succeeded}
 * @param objectId          the provider object the event is about, when the envelope names one
 * @param objectVersion     an authoritative object version or sequence, when the provider sends one
 * @param providerCreatedAt when the provider says the event happened (evidence, never ordering)
 */
public record WebhookEvent(
        String providerEventId,
        String eventType,
        Optional<String> objectId,
        Optional<Long> objectVersion,
        Optional<Instant> providerCreatedAt) {

    public static final int MAX_ID_LENGTH = 255;

    public WebhookEvent {
        Objects.requireNonNull(objectId);
        Objects.requireNonNull(objectVersion);
        Objects.requireNonNull(providerCreatedAt);
        if (providerEventId == null || providerEventId.isBlank() || providerEventId.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("provider event id must be 1-" + MAX_ID_LENGTH + " characters");
        }
        if (eventType == null || eventType.isBlank() || eventType.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("event type must be 1-" + MAX_ID_LENGTH + " characters");
        }
        if (!StorableText.isStorable(providerEventId) || !StorableText.isStorable(eventType)
                || !objectId.map(StorableText::isStorable).orElse(true)) {
            throw new IllegalArgumentException("event id, type and object id must be valid Unicode without NUL");
        }
    }
}
