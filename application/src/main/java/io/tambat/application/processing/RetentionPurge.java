package io.tambat.application.processing;

import io.tambat.application.work.BatchJob;
import io.tambat.domain.port.out.IdempotencyStorePort;
import io.tambat.domain.port.out.InboxPort;
import io.tambat.domain.port.out.InboxWorkPort;
import io.tambat.domain.port.out.ProcessedEventsPort;
import io.tambat.domain.port.out.ProcessingMetricsPort;
import io.tambat.domain.port.out.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

/**
 * Retention in bounded batches, each its own short transaction, so a large backlog never holds locks for
 * long: raw payloads of finished rows after {@code payloadRetention}, processed-event records after
 * {@code processedRetention}, expired idempotency records, and records of accepted bodies older than every
 * endpoint's replay window. Inbox rows themselves stay, so a late redelivery is still a duplicate.
 */
@ApplicationScoped
public class RetentionPurge implements BatchJob {

    static final int BATCH = 500;

    @Inject
    InboxWorkPort inbox;

    @Inject
    ProcessedEventsPort processed;

    @Inject
    IdempotencyStorePort idempotency;

    @Inject
    InboxPort acceptedBodies;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    ProcessingSettings settings;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "retention";
    }

    @Override
    public Cadence cadence() {
        return Cadence.MAINTENANCE;
    }

    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int runBatch() {
        Instant now = clock.instant();
        int payloads = inbox.purgePayloads(now.minus(settings.payloadRetention()), BATCH);
        int records = processed.purgeBefore(now.minus(settings.processedRetention()), BATCH);
        int keys = idempotency.purgeExpired(now, BATCH);
        int bodies = acceptedBodies.purgeSeenBodies(now.minus(longestReplayWindow()), BATCH);
        if (payloads > 0) {
            metrics.purged("payloads", payloads);
        }
        if (records > 0) {
            metrics.purged("processed_events", records);
        }
        if (keys > 0) {
            metrics.purged("idempotency_keys", keys);
        }
        if (bodies > 0) {
            metrics.purged("seen_bodies", bodies);
        }
        return payloads + records + keys + bodies;
    }

    private Duration longestReplayWindow() {
        return endpoints.all().stream().flatMap(endpoint -> endpoint.replayWindow().stream())
                .max(Comparator.naturalOrder()).orElse(Duration.ZERO);
    }
}
