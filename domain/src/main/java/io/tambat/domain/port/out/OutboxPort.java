package io.tambat.domain.port.out;

import java.time.Instant;
import java.util.UUID;

/**
 * Work notifications committed in the same transaction as their cause, so no accepted event can be left
 * without its notification. A relay publishes them later, possibly more than once: consumers deduplicate by
 * inbox id.
 */
public interface OutboxPort {

    /**
     * Appends an unpublished notification about an inbox row, in the caller's transaction.
     *
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    void append(UUID inboxId, String topic, Instant now);
}
