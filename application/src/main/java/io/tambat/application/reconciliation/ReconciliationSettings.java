package io.tambat.application.reconciliation;

import java.time.Duration;

/**
 * @param interval  how often the scheduled run reconciles
 * @param window    how far back the scheduled run looks, ending {@code lateAfter} ago (newer work is not late yet)
 * @param lateAfter how long work may wait before it counts as stalled or late
 */
public record ReconciliationSettings(Duration interval, Duration window, Duration lateAfter) {
}
