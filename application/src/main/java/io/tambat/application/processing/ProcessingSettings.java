package io.tambat.application.processing;

import java.time.Duration;

/**
 * Tunables of event processing, produced from configuration by the composition root.
 *
 * @param payloadRetention   how long encrypted raw payloads of finished rows are kept
 * @param processedRetention how long processed-event records are kept (at least the providers' redelivery
 *                           window)
 * @param sequenceGapWindow  how long a delta waits for missing predecessors before the gap is reconciled
 */
public record ProcessingSettings(Duration payloadRetention, Duration processedRetention,
        Duration sequenceGapWindow) {
}
