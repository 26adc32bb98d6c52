package io.tambat.application.processing;

import io.tambat.application.payload.PayloadObjectsReleased;
import io.tambat.application.work.BatchJob;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.domain.port.out.processing.ProcessedEventsPort;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Retention in bounded batches, each its own short transaction, so a large backlog never holds locks for
 * long: raw payloads of finished rows after {@code payloadRetention}, processed-event records after
 * {@code processedRetention}, expired idempotency records, records of accepted bodies older than every
 * endpoint's replay window, and, after {@code finishedRowRetention}, finished forward deliveries and the keys of
 * events whose rows went with their partition ({@link PartitionMaintenance}), and, a partition's width later,
 * PROCESSED inbox rows and mutations that outlived their partition. Until then an inbox
 * row makes a late redelivery a duplicate; after, a redelivery is accepted as new and the ordering rules keep an
 * older state out. Payload objects the purged rows named are deleted once the batch commits
 * ({@link PayloadObjectsReleased}).
 */
@ApplicationScoped
public class RetentionPurge implements BatchJob {

    static final int BATCH = 500;

    @Inject
    InboxRetentionPort inbox;

    @Inject
    ProcessedEventsPort processed;

    @Inject
    IdempotencyStorePort idempotency;

    @Inject
    InboxPort acceptedBodies;

    @Inject
    BusinessStatePort state;

    @Inject
    ForwardingPort forwarding;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    ProcessingSettings settings;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Event<PayloadObjectsReleased> released;

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
        Instant finishedBefore = now.minus(settings.finishedRowRetention());
        InboxRetentionPort.Purged payloads = inbox.purgePayloads(now.minus(settings.payloadRetention()),
                settings.failedPayloads().lostBefore(now), BATCH);
        InboxRetentionPort.Purged rows = inbox.purgeFinished(finishedBefore.minus(partitionDroppedFirst()), BATCH);
        List<PayloadObjectKey> objects = new ArrayList<>(payloads.objects());
        objects.addAll(rows.objects());
        if (!objects.isEmpty()) {
            released.fire(new PayloadObjectsReleased(objects));
        }
        return counted("payloads", payloads.count())
                + counted("processed_events", processed.purgeBefore(now.minus(settings.processedRetention()), BATCH))
                + counted("idempotency_keys", idempotency.purgeExpired(now, BATCH))
                + counted("seen_bodies", acceptedBodies.purgeSeenBodies(now.minus(longestReplayWindow()), BATCH))
                + counted("inbox_rows", rows.count())
                + counted("event_keys", inbox.purgeKeysWithoutRows(finishedBefore, BATCH))
                + counted("mutations", state.purgeTrail(finishedBefore.minus(partitionDroppedFirst()), BATCH))
                + counted("forward_deliveries", forwarding.purgeFinished(finishedBefore, BATCH));
    }

    /**
     * How long finished inbox rows and mutations past their window wait for their partition to go whole
     * ({@link PartitionMaintenance}, every 10 minutes) before they are deleted one by one: a partition's width
     * ({@link TimePartitionsPort#width}), since it goes once its last row is past the window. Only rows that outlived
     * their partition are deleted so, or those of one that was not dropped (partitions left to a migration job that
     * runs weekly, or one keeping more rows than are moved at once). Rows kept less than a day do not wait: their
     * partition would hold them for longer than their window, so they are deleted at it, and their partition finds
     * only what outlived them.
     */
    private Duration partitionDroppedFirst() {
        Duration width = TimePartitionsPort.width(settings.finishedRowRetention());
        return settings.finishedRowRetention().compareTo(width) < 0 ? Duration.ZERO : width;
    }

    /** Counts a kind's purge in the metrics when it purged anything; returns how many it purged. */
    private int counted(String kind, int purged) {
        if (purged > 0) {
            metrics.purged(kind, purged);
        }
        return purged;
    }

    private Duration longestReplayWindow() {
        return endpoints.all().stream().flatMap(endpoint -> endpoint.replayWindow().stream())
                .max(Comparator.naturalOrder()).orElse(Duration.ZERO);
    }
}
