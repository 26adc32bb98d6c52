package io.tambat.domain.port.out;

import io.tambat.domain.model.webhook.NewInboxEntry;
import java.util.UUID;

/**
 * The durable inbox of accepted webhook events, unique per (provider, endpoint, provider event id).
 * Methods join the caller's transaction; nothing is durable before that transaction commits.
 */
public interface InboxPort {

    /**
     * Stores the entry unless its logical event is stored already. Decided by the database's unique
     * constraint in one statement, never by a read before the write: of concurrent inserts of one event,
     * exactly one creates the row and the others wait for it and report it as existing.
     *
     * @return the inbox id of the row holding the event, and whether this call created it
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    Insertion insertIfAbsent(NewInboxEntry entry);

    /** Result of {@link #insertIfAbsent}. */
    record Insertion(UUID inboxId, boolean created) {
    }
}
