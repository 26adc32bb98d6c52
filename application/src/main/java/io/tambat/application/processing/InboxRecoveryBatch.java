package io.tambat.application.processing;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.inbox.InboxRecoveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The transactions of a bulk redrive or replay: each batch with its count in the audit trail, and the count of
 * rows a replay has to leave alone.
 */
@ApplicationScoped
public class InboxRecoveryBatch {

    /** Small enough that a batch holds its row locks for milliseconds, never long enough to stall workers. */
    static final int SIZE = 500;

    @Inject
    InboxRecoveryPort recovery;

    @Inject
    AuditTrail audit;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    /** How many rows a batch moved, and the last of them, where the next batch starts. */
    public record Moved(int count, Optional<InboxSelection.Position> last) {
        static Moved of(List<InboxSelection.Position> positions) {
            return new Moved(positions.size(), positions.isEmpty() ? Optional.empty()
                    : Optional.of(positions.get(positions.size() - 1)));
        }
    }

    /** PROCESSED rows of the selection that a replay leaves alone: their payload or record is purged. */
    @Transactional
    public long notReplayable(InboxSelection selection) {
        return recovery.countNotReplayable(selection, clock.instant().minus(settings.processedRetention()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public Moved next(UUID actionId, OperatorAction.Kind kind, InboxSelection selection,
            Optional<InboxSelection.Position> after) {
        Instant now = clock.instant();
        List<InboxSelection.Position> moved = switch (kind) {
            case INBOX_BULK_REDRIVE -> recovery.redriveSelected(selection, after, SIZE, now);
            case INBOX_REPLAY -> recovery.replaySelected(selection, after, SIZE, now,
                    now.minus(settings.processedRetention()));
            default -> throw new IllegalArgumentException(kind + " is not a bulk inbox action");
        };
        audit.counted(actionId, moved.size());
        return Moved.of(moved);
    }
}
