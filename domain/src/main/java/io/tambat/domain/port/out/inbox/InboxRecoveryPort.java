package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.InboxSelection;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Operators' recovery of inbox events: one FAILED event redriven, and bulk redrive and replay of a selection in
 * bounded batches. Every method joins the caller's transaction and records each status change in the row's
 * history. Throws {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer.
 */
public interface InboxRecoveryPort {

    /** FAILED back to RECEIVED, due now, attempt count kept. False when the row is not FAILED. */
    boolean redrive(UUID inboxId, Instant now);

    /**
     * Redrives up to {@code max} FAILED rows of the selection, the first after {@code after} in the selection's
     * order ({@link InboxSelection.Position}), as {@link #redrive} would one by one. Rows another transaction
     * holds are skipped, never waited for.
     *
     * @return the positions of the rows redriven, in order; empty when none is left after {@code after}
     */
    List<InboxSelection.Position> redriveSelected(InboxSelection selection, Optional<InboxSelection.Position> after,
            int max, Instant now);

    /**
     * Sends up to {@code max} PROCESSED rows of the selection back to RECEIVED, due now, attempt count kept, the
     * first after {@code after}; only rows received since {@code recordsKeptSince} whose payload is still kept,
     * since processing reads the payload and its processed-event record must still be there. Processing then
     * runs again under the same processed-event key. Rows another transaction holds are skipped.
     *
     * @return the positions of the rows sent back, in order; empty when none is left after {@code after}
     */
    List<InboxSelection.Position> replaySelected(InboxSelection selection, Optional<InboxSelection.Position> after,
            int max, Instant now, Instant recordsKeptSince);

    /** How many PROCESSED rows of the selection {@link #replaySelected} leaves alone (payload or record gone). */
    long countNotReplayable(InboxSelection selection, Instant recordsKeptSince);
}
