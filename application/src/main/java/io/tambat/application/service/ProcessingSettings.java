package io.tambat.application.service;

import io.tambat.domain.model.processing.RetryPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * Tunables of processing, produced from configuration by the composition root.
 *
 * @param enabled            whether this instance runs workers, the relay and the maintenance jobs
 * @param workers            concurrent worker loops on this instance
 * @param batchSize          rows one lease takes
 * @param lease              how long a worker owns a leased row before another may take it
 * @param pollInterval       pause of an idle worker loop
 * @param payloadRetention   how long encrypted raw payloads of finished rows are kept
 * @param processedRetention how long processed-event records are kept (at least the providers' redelivery
 *                           window)
 * @param sequenceGapWindow  how long a delta waits for missing predecessors before the gap is reconciled
 * @param retentionInterval  how often retention runs
 * @param failpoints         named places where the process halts on purpose, for crash testing only
 * @param failpointPauses    named places where the thread that reaches them stalls for the given time, for
 *                           lease takeover testing only
 */
public record ProcessingSettings(
        boolean enabled,
        RetryPolicy retry,
        int workers,
        int batchSize,
        Duration lease,
        Duration pollInterval,
        Duration payloadRetention,
        Duration processedRetention,
        Duration sequenceGapWindow,
        Duration retentionInterval,
        Set<String> failpoints,
        Map<String, Duration> failpointPauses) {

    public ProcessingSettings {
        failpoints = Set.copyOf(failpoints);
        failpointPauses = Map.copyOf(failpointPauses);
    }
}
