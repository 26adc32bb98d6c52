package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.InboxEvent;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Read-only views of the inbox for operators and gauges. Never returns payloads. */
public interface InboxQueryPort {

    /**
     * Newest first, at most {@code limit} rows, after the row {@code startingAfter} when given (the last row of
     * the page before); empty when that row does not exist.
     */
    Optional<InboxEvent.Page> list(InboxEvent.Filter filter, Optional<UUID> startingAfter, int limit);

    Optional<InboxEvent.Detail> find(UUID inboxId);

    /** A row's stored payload, sealed, with the identity it is bound to; empty when there is no such row. */
    Optional<InboxEvent.Payload> payload(UUID inboxId);

    /**
     * Counts and ages as of {@code now}; FAILED rows still holding a payload that retention would purge are counted
     * as losing it soon when received before {@code failedLosingPayloadBefore} (none without it).
     */
    InboxEvent.Stats stats(Instant now, Optional<Instant> failedLosingPayloadBefore);
}
