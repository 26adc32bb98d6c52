package io.tambat.domain.model.inbox;

import java.util.Set;

/**
 * Where an accepted event stands. RECEIVED is due work; a lease makes it PROCESSING; the attempt that holds
 * the lease ends it PROCESSED or FAILED, or gives it back RECEIVED for a retry; an operator's redrive takes
 * FAILED back to RECEIVED, and an operator's replay takes PROCESSED back to RECEIVED, to run its processing
 * again under the same processed-event key (no mutation repeats).
 */
public enum InboxStatus {
    RECEIVED,
    PROCESSING,
    PROCESSED,
    FAILED;

    /** Whether a row may move from this status to {@code next}. */
    public boolean canMoveTo(InboxStatus next) {
        return switch (this) {
            case RECEIVED -> next == PROCESSING;
            case PROCESSING -> Set.of(RECEIVED, PROCESSED, FAILED).contains(next);
            case PROCESSED, FAILED -> next == RECEIVED;
        };
    }
}
