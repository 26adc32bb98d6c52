package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.OutboxMessage;

/**
 * Where the outbox relay publishes. At least once: a message may be published again after a crash, so
 * subscribers deduplicate by {@link OutboxMessage#inboxId()}. The default publishes inside the server; a
 * broker adapter can replace it.
 */
public interface EventPublisherPort {

    /** @throws RuntimeException when publishing failed; the message stays unpublished and is retried */
    void publish(OutboxMessage message);
}
