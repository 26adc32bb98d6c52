package io.tambat.domain.port.out.processing;

import io.tambat.domain.model.inbox.LeasedInboxEvent;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The durable record of logical events whose business mutation committed, under the same key as the inbox.
 * Joins the caller's transaction: recorded together with the mutation, or not at all.
 */
public interface ProcessedEventsPort {

    /**
     * Records each event unless recorded already, decided by the unique key, all in one statement.
     *
     * @return the inbox ids of the events this call recorded; the others were processed before, and their record
     *         stays as it was
     */
    Set<UUID> recordAll(List<LeasedInboxEvent> events, Instant now);

    /** Forgets records older than the cutoff, at most {@code batch}; returns how many. */
    int purgeBefore(Instant cutoff, int batch);
}
