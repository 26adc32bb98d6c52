package io.tambat.domain.model.reconciliation;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What a reconciliation covers: events received in {@code [from, to)}, judged as of {@code now}.
 *
 * @param lateAfter        how long work may wait before it counts as stalled or late
 * @param recordsKeptSince processed-event records of events processed before this are purged by retention, so
 *                         only events received since are expected to have one
 * @param maxIds           how many ids are named per discrepancy; the counts are always complete
 */
public record ReconciliationQuery(Instant from, Instant to, Instant now, Duration lateAfter,
        Instant recordsKeptSince, int maxIds) {

    public ReconciliationQuery {
        Objects.requireNonNull(from);
        Objects.requireNonNull(to);
        Objects.requireNonNull(now);
        Objects.requireNonNull(lateAfter);
        Objects.requireNonNull(recordsKeptSince);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("from must be before to");
        }
        if (lateAfter.isNegative() || maxIds < 1) {
            throw new IllegalArgumentException("lateAfter cannot be negative, and a report names at least one id");
        }
    }

    /** Work due before this and still not done is late. */
    public Instant lateBefore() {
        return now.minus(lateAfter);
    }
}
