package io.tambat.application.reconciliation;

import java.time.Duration;

/**
 * @param interval  how often the scheduled run reconciles
 * @param window    how far back the scheduled run looks, ending {@code lateAfter} ago (newer work is not late yet)
 * @param lateAfter how long work may wait before it counts as stalled or late
 * @param processedRetention how long processed-event records are kept: an event received longer ago than that
 *                  may have lost its record to retention, not to a defect
 */
public record ReconciliationSettings(Duration interval, Duration window, Duration lateAfter,
        Duration processedRetention) {
}
