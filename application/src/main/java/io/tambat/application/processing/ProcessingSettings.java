package io.tambat.application.processing;

import io.tambat.domain.model.processing.FailedPayloadRetention;
import java.time.Duration;

/**
 * Tunables of event processing, produced from configuration by the composition root.
 *
 * @param payloadRetention   how long encrypted raw payloads of PROCESSED rows are kept
 * @param processedRetention how long processed-event records are kept (at least the providers' redelivery
 *                           window)
 * @param sequenceGapWindow  how long a delta waits for missing predecessors before the gap is reconciled
 * @param finishedRowRetention how long PROCESSED inbox rows are kept, and their history, the mutation trail
 *                           and their finished forward deliveries: a redelivery of an event whose row is gone is
 *                           accepted as new (ordering rules still keep an older state out)
 * @param failedPayloads     how long a FAILED row's payload is kept
 */
public record ProcessingSettings(Duration payloadRetention, Duration processedRetention,
        Duration sequenceGapWindow, Duration finishedRowRetention, FailedPayloadRetention failedPayloads) {
}
