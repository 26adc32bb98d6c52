package io.tambat.domain.port.out;

import io.tambat.domain.model.webhook.EndpointId;
import java.time.Instant;
import java.util.UUID;

/**
 * The durable record of logical events whose business mutation committed, under the same key as the inbox.
 * Joins the caller's transaction: recorded together with the mutation, or not at all.
 */
public interface ProcessedEventsPort {

    /**
     * Records the event unless recorded already, decided by the unique key in one statement.
     *
     * @return true when this call recorded it; false when it was processed before (do nothing)
     */
    boolean record(String provider, EndpointId endpointId, String providerEventId, UUID inboxId, Instant now);

    /** Forgets records older than the cutoff, at most {@code batch}; returns how many. */
    int purgeBefore(Instant cutoff, int batch);
}
