package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.payload.PayloadObjectsReleased;
import io.tambat.application.testing.EndpointBuilder;
import io.tambat.application.testing.FiredEvents;
import io.tambat.application.testing.FixedEndpoints;
import io.tambat.application.testing.PurgeRequest;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RetentionPurgeTest {

    private final ProcessingFixture fx = new ProcessingFixture();
    private final RecordingIdempotencyPurges idempotency = new RecordingIdempotencyPurges();
    private final FiredEvents<PayloadObjectsReleased> released = new FiredEvents<>();
    private final RetentionPurge retention = retention();

    @Test
    void purgesPayloadsReceivedBeforeThePayloadRetention() {
        retention.runBatch();

        assertThat(fx.inbox.payloadPurges())
                .containsExactly(new PurgeRequest(fx.now().minus(Duration.ofDays(7)), RetentionPurge.BATCH));
    }

    @Test
    void purgesProcessedEventRecordsOlderThanTheirRetention() {
        retention.runBatch();

        assertThat(fx.processed.purges())
                .containsExactly(new PurgeRequest(fx.now().minus(Duration.ofDays(30)), RetentionPurge.BATCH));
    }

    @Test
    void purgesIdempotencyRecordsThatExpiredByNow() {
        retention.runBatch();

        assertThat(idempotency.purges).containsExactly(new PurgeRequest(fx.now(), RetentionPurge.BATCH));
    }

    @Test
    void keepsSeenBodiesForTheLongestReplayWindowOfAnyEndpoint() {
        retention.endpoints = new FixedEndpoints(
                EndpointBuilder.endpoint("short").replayWindow(Duration.ofMinutes(5)).build(),
                EndpointBuilder.endpoint("long").replayWindow(Duration.ofHours(1)).build(),
                EndpointBuilder.endpoint("none").build());

        retention.runBatch();

        assertThat(fx.inbox.seenBodyPurges())
                .containsExactly(new PurgeRequest(fx.now().minus(Duration.ofHours(1)), RetentionPurge.BATCH));
    }

    @Test
    void forgetsEverySeenBodyWhenNoEndpointHasAReplayWindow() {
        retention.runBatch();

        assertThat(fx.inbox.seenBodyPurges()).containsExactly(new PurgeRequest(fx.now(), RetentionPurge.BATCH));
    }

    @Test
    void purgesFinishedRowsTheirPublishedNotificationsAndTheTrailAfterTheirRetention() {
        UUID old = fx.receive("evt_old", "pay_1", 1, "succeeded");
        fx.processNext();
        fx.clock.advance(Duration.ofDays(60));
        UUID recent = fx.receive("evt_recent", "pay_1", 2, "refunded");
        fx.processNext();
        fx.clock.advance(Duration.ofDays(40));

        retention.runBatch();

        PurgeRequest finished = new PurgeRequest(fx.now().minus(Duration.ofDays(90)), RetentionPurge.BATCH);
        PurgeRequest outlived = new PurgeRequest(fx.now().minus(Duration.ofDays(98)), RetentionPurge.BATCH);
        assertThat(fx.inbox.finishedRowPurges()).as("a partition's width (8 days) after it went, what outlived it")
                .containsExactly(outlived);
        assertThat(fx.inbox.keyPurges()).containsExactly(finished);
        assertThat(fx.state.trailPurges()).as("as the inbox's rows").containsExactly(outlived);
        assertThat(fx.forwarding.purges()).containsExactly(finished);
        assertThat(fx.inbox.rows()).extracting(row -> row.entry().inboxId()).containsExactly(recent)
                .doesNotContain(old);
        assertThat(fx.metrics.recorded()).contains("purged inbox_rows 1");
    }

    @Test
    void finishedRowsKeptLessThanADayAreDeletedAtTheirWindowWithoutWaitingForTheirDay() {
        fx.settings = new ProcessingSettings(Duration.ofDays(7), Duration.ofDays(30),
                ProcessingFixture.SEQUENCE_GAP_WINDOW, Duration.ofHours(6),
                new FailedPayloadRetention(Optional.empty()));

        retention().runBatch();

        assertThat(fx.inbox.finishedRowPurges())
                .containsExactly(new PurgeRequest(fx.now().minus(Duration.ofHours(6)), RetentionPurge.BATCH));
    }

    @Test
    void movesEveryCutOffWithTheClock() {
        retention.runBatch();
        Instant firstCutOff = fx.inbox.payloadPurges().get(0).cutoff();
        fx.clock.advance(Duration.ofHours(6));

        retention.runBatch();

        assertThat(fx.inbox.payloadPurges().get(1).cutoff()).isEqualTo(firstCutOff.plus(Duration.ofHours(6)));
    }

    @Test
    void aFailedEventKeepsItsPayloadForARedriveUnlessItsOwnRetentionIsSet() {
        UUID failed = fx.receive("evt_failed", "pay_1", 1, "succeeded");
        LeasedInboxEvent leased = fx.leaseOne();
        assertThat(leased.inboxId()).isEqualTo(failed);
        assertThat(fx.inbox.fail(leased, "uninterpretable", fx.now())).isTrue();
        fx.clock.advance(Duration.ofDays(365));

        retention.runBatch();
        assertThat(fx.inbox.row(failed).payload()).as("no retention of its own: kept while FAILED").isPresent();

        fx.settings = new ProcessingSettings(Duration.ofDays(7), Duration.ofDays(30),
                ProcessingFixture.SEQUENCE_GAP_WINDOW, Duration.ofDays(90),
                new FailedPayloadRetention(Optional.of(Duration.ofDays(400))));
        RetentionPurge bounded = retention();
        bounded.runBatch();
        assertThat(fx.inbox.row(failed).payload()).as("within its own retention").isPresent();
        fx.clock.advance(Duration.ofDays(36));
        bounded.runBatch();
        assertThat(fx.inbox.row(failed).payload()).isEmpty();
    }

    @Test
    void releasesThePayloadObjectsOfThePayloadsAndRowsItPurged() {
        fx.newPayloadsInObjectStore();
        UUID first = fx.receive("evt_1", "pay_1", 1, "succeeded");
        fx.processNext();
        fx.clock.advance(Duration.ofDays(1));
        UUID second = fx.receive("evt_2", "pay_2", 1, "succeeded");
        fx.processNext();
        assertThat(fx.state.find(ProcessingFixture.ENDPOINT, ProcessingFixture.key("pay_2")))
                .as("processed from the object store").isPresent();
        fx.clock.advance(Duration.ofDays(7).plusSeconds(1));

        retention.runBatch();

        assertThat(fx.inbox.row(first).payload()).isEmpty();
        assertThat(fx.inbox.row(second).payload()).isEmpty();
        assertThat(released.fired()).singleElement().satisfies(objects -> assertThat(objects.objects())
                .extracting(PayloadObjectKey::inboxId).containsExactlyInAnyOrder(first, second));
        assertThat(fx.objects.objects()).as("deleted only once the batch commits").hasSize(2);
    }

    @Test
    void countsWhatItPurgedAndMeasuresOnlyTheKindsThatHadAny() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");
        fx.processNext();
        fx.clock.advance(Duration.ofDays(30).plusSeconds(1));

        int purged = retention.runBatch();

        assertThat(purged).isEqualTo(2);
        assertThat(fx.inbox.row(inboxId).payload()).isEmpty();
        assertThat(fx.processed.contains(ProcessingFixture.PROVIDER, ProcessingFixture.ENDPOINT, "evt_1")).isFalse();
        assertThat(fx.metrics.recorded()).containsExactly("processed mutated", "purged payloads 1",
                "purged processed_events 1");
    }

    private RetentionPurge retention() {
        RetentionPurge built = new RetentionPurge();
        built.inbox = fx.inbox;
        built.processed = fx.processed;
        built.idempotency = idempotency;
        built.acceptedBodies = fx.inbox;
        built.state = fx.state;
        built.forwarding = fx.forwarding;
        built.endpoints = fx.endpoints;
        built.settings = fx.settings;
        built.metrics = fx.metrics;
        built.released = released;
        built.clock = fx.clock;
        return built;
    }

    /** Only retention's side of the idempotency store: records each purge and finds nothing to purge. */
    private static final class RecordingIdempotencyPurges implements IdempotencyStorePort {
        private final List<PurgeRequest> purges = new ArrayList<>();

        @Override
        public int purgeExpired(Instant now, int batch) {
            purges.add(new PurgeRequest(now, batch));
            return 0;
        }

        @Override
        public void boundClaimWaits(Duration wait) {
            throw new UnsupportedOperationException("retention never claims");
        }

        @Override
        public Claim claim(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
                Optional<PendingOperation> operation, Instant now, Instant expiresAt) {
            throw new UnsupportedOperationException("retention never claims");
        }

        @Override
        public void complete(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, RecordedOutcome outcome) {
            throw new UnsupportedOperationException("retention never completes");
        }
    }
}
