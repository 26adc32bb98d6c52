package io.tambat.application.work;

import io.tambat.domain.model.processing.RetryPolicy;
import java.time.Duration;

/**
 * Tunables shared by every work queue and background job, produced from configuration by the composition root.
 *
 * @param enabled           whether this instance runs workers, the relay and the maintenance jobs
 * @param retry             attempts and backoff of every work queue
 * @param workers           concurrent worker loops of the queues that scale with load (see
 *                          {@link LeasedWork#scalesWithWorkers()})
 * @param batchSize         items one lease takes
 * @param lease             how long a worker owns a leased item before another may take it over
 * @param pollInterval      pause of an idle worker loop
 * @param retentionInterval how often the maintenance jobs that purge old rows run
 */
public record WorkSettings(
        boolean enabled,
        RetryPolicy retry,
        int workers,
        int batchSize,
        Duration lease,
        Duration pollInterval,
        Duration retentionInterval) {
}
