package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.inbox.InboxRecoveryPort;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import io.tambat.domain.port.out.inbox.InboxRetentionPort.Purged;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import io.tambat.domain.port.out.webhook.InboxPort.Insertion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What {@link InboxPort} and {@link InboxWorkPort} promise, for any store: one row per logical event, decided by
 * the store even under concurrent inserts; bodies seen within a replay window; leased rows that carry their
 * event and payload; status changes fenced by the attempt and recorded in the row's history. The lease shape
 * itself is {@link WorkLeaseContract}'s.
 */
abstract class InboxPortContract extends SessionContract<InboxPortContract.InboxPorts> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant LEASE_END = NOW.plusSeconds(30);

    /** Attempt {@code attempt}'s lease of the stored row {@code inboxId}, as a worker holds it. */
    protected abstract LeasedInboxEvent leasedBy(UUID inboxId, int attempt);

    /** What the store holds of one row, read past the ports; empty when it holds no such row. */
    protected abstract Optional<StoredInboxRow> stored(UUID inboxId);

    @Test
    void storesANewEventAsReceived() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);

        Insertion insertion = insert(entry);

        assertThat(insertion).isEqualTo(new Insertion(entry.inboxId(), true));
        assertThat(stored(entry.inboxId())).contains(new StoredInboxRow("RECEIVED", 0, Optional.empty(), true,
                List.of("RECEIVED")));
    }

    @Test
    void reportsARedeliveredEventAsTheRowThatHoldsIt() {
        InboxEntryFixture first = InboxEntryFixture.valid(NOW);
        insert(first);
        InboxEntryFixture again = first.redelivered();

        assertThat(insert(again)).isEqualTo(new Insertion(first.inboxId(), false));
        assertThat(stored(again.inboxId())).isEmpty();
    }

    @Test
    void storesAGroupInOneCallAndAnswersEachEntryInOrder() {
        InboxEntryFixture stored = InboxEntryFixture.valid(NOW);
        insert(stored);
        InboxEntryFixture first = InboxEntryFixture.valid(NOW);
        InboxEntryFixture second = InboxEntryFixture.valid(NOW.plusSeconds(1));

        List<Insertion> insertions = session.call(ports -> ports.inbox().insertAll(List.of(first.build(),
                stored.redelivered().build(), second.build(), first.redelivered().build())));

        assertThat(insertions).containsExactly(new Insertion(first.inboxId(), true),
                new Insertion(stored.inboxId(), false), new Insertion(second.inboxId(), true),
                new Insertion(first.inboxId(), false));
        assertThat(stored(first.inboxId())).hasValueSatisfying(row -> assertThat(row.history())
                .containsExactly("RECEIVED"));
        assertThat(stored(second.inboxId())).isPresent();
    }

    @Test
    void theSameEventIdOnAnotherEndpointIsAnotherEvent() {
        InboxEntryFixture first = InboxEntryFixture.valid(NOW);
        insert(first);
        InboxEntryFixture elsewhere = first.redelivered().onEndpoint("other-shop");

        assertThat(insert(elsewhere)).isEqualTo(new Insertion(elsewhere.inboxId(), true));
    }

    @Test
    void ofConcurrentInsertsOfOneEventExactlyOneCreatesTheRow() {
        InboxEntryFixture first = InboxEntryFixture.valid(NOW);
        List<InboxEntryFixture> deliveries = List.of(first, first.redelivered(), first.redelivered(),
                first.redelivered());
        List<StoreSession<InboxPorts>> sessions = deliveries.stream().map(delivery -> openSession()).toList();
        try {
            List<Callable<Insertion>> inserts = IntStream.range(0, deliveries.size())
                    .<Callable<Insertion>>mapToObj(i -> () -> sessions.get(i).call(
                            ports -> ports.inbox().insertIfAbsent(deliveries.get(i).build())))
                    .toList();

            List<Insertion> insertions = Race.run(inserts);

            assertThat(insertions).filteredOn(Insertion::created).hasSize(1);
            UUID holder = insertions.stream().filter(Insertion::created).findFirst().orElseThrow().inboxId();
            assertThat(insertions).extracting(Insertion::inboxId).containsOnly(holder);
            assertThat(deliveries).filteredOn(delivery -> stored(delivery.inboxId()).isPresent()).hasSize(1);
        } finally {
            sessions.forEach(StoreSession::close);
        }
    }

    @Test
    void recordsABodyOnceWithinTheReplayWindow() {
        InboxEntryFixture first = InboxEntryFixture.valid(NOW);
        InboxEntryFixture replay = InboxEntryFixture.valid(NOW.plusSeconds(60)).withBodyOf(first);

        assertThat(recordBody(first, NOW.minus(Duration.ofHours(1)))).isEmpty();
        assertThat(recordBody(replay, NOW.minus(Duration.ofHours(1)))).contains(first.inboxId());
    }

    @Test
    void takesOverABodySeenBeforeTheWindow() {
        InboxEntryFixture old = InboxEntryFixture.valid(NOW.minus(Duration.ofHours(2)));
        InboxEntryFixture later = InboxEntryFixture.valid(NOW).withBodyOf(old);
        InboxEntryFixture replay = InboxEntryFixture.valid(NOW.plusSeconds(60)).withBodyOf(old);
        recordBody(old, NOW.minus(Duration.ofHours(3)));

        assertThat(recordBody(later, NOW.minus(Duration.ofHours(1)))).isEmpty();
        assertThat(recordBody(replay, NOW.minus(Duration.ofHours(1)))).contains(later.inboxId());
    }

    @Test
    void purgesOnlyBodiesSeenBeforeTheCutoff() {
        InboxEntryFixture old = InboxEntryFixture.valid(NOW.minus(Duration.ofHours(2)));
        InboxEntryFixture recent = InboxEntryFixture.valid(NOW);
        recordBody(old, NOW.minus(Duration.ofDays(1)));
        recordBody(recent, NOW.minus(Duration.ofDays(1)));

        assertThat(session.<Integer>call(ports -> ports.inbox().purgeSeenBodies(NOW.minus(Duration.ofHours(1)), 10)))
                .isEqualTo(1);
        assertThat(recordBody(InboxEntryFixture.valid(NOW).withBodyOf(old), NOW.minus(Duration.ofDays(1))))
                .isEmpty();
        assertThat(recordBody(InboxEntryFixture.valid(NOW).withBodyOf(recent), NOW.minus(Duration.ofDays(1))))
                .contains(recent.inboxId());
    }

    @Test
    void leasesADueRowWithItsEventAndPayload() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        insert(entry);

        List<LeasedInboxEvent> leased = leaseDue(NOW);

        assertThat(leased).singleElement().satisfies(event -> {
            assertThat(event.inboxId()).isEqualTo(entry.inboxId());
            assertThat(event.provider()).isEqualTo(InboxEntryFixture.PROVIDER);
            assertThat(event.endpointId()).isEqualTo(entry.endpoint());
            assertThat(event.providerEventId()).isEqualTo(entry.eventId());
            assertThat(event.eventType()).isEqualTo(InboxEntryFixture.EVENT_TYPE);
            assertThat(event.objectId()).contains("pi_1");
            assertThat(event.objectVersion()).contains(7L);
            assertThat(event.lease()).isEqualTo(new Lease(1, false));
            assertThat(event.receivedAt()).isEqualTo(NOW);
            assertThat(event.traceContext()).isEmpty();
            assertThat(event.payload()).get().isInstanceOfSatisfying(StoredPayload.InRow.class, payload -> {
                assertThat(payload.keyId()).isEqualTo(InboxEntryFixture.KEY_ID);
                assertThat(new String(payload.sealed().ciphertext(), StandardCharsets.UTF_8)).isEqualTo(entry.body());
            });
        });
        assertThat(stored(entry.inboxId())).contains(new StoredInboxRow("PROCESSING", 1, Optional.empty(), true,
                List.of("RECEIVED", "PROCESSING")));
    }

    @Test
    void leasesARowWhosePayloadIsInTheObjectStoreWithTheObjectItNames() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        session.run(ports -> ports.inbox().insertIfAbsent(entry.buildInObjectStore()));

        assertThat(leaseDue(NOW)).singleElement().extracting(LeasedInboxEvent::payload)
                .isEqualTo(Optional.of(new StoredPayload.InObjectStore(entry.payloadObject(),
                        InboxEntryFixture.KEY_ID)));
        assertThat(stored(entry.inboxId())).hasValueSatisfying(row -> assertThat(row.payloadRetained()).isTrue());
    }

    @Test
    void leasesARowWithTheTraceContextItWasAcceptedIn() {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        session.call(ports -> ports.inbox().insertAll(List.of(InboxEntryFixture.valid(NOW).buildTracedIn(traceparent))));

        assertThat(leaseDue(NOW)).singleElement().extracting(LeasedInboxEvent::traceContext)
                .isEqualTo(Optional.of(traceparent));
    }

    @Test
    void markProcessedEndsTheLeasedRow() {
        UUID inboxId = insertAndLease();

        assertThat(markProcessed(inboxId, 1, NOW)).isTrue();

        assertThat(stored(inboxId)).contains(new StoredInboxRow("PROCESSED", 1, Optional.empty(), true,
                List.of("RECEIVED", "PROCESSING", "PROCESSED")));
        assertThat(leaseDue(NOW.plus(Duration.ofDays(1)))).isEmpty();
    }

    @Test
    void markProcessedEndsInOneCallEachRowWhoseAttemptStillHoldsItsLease() {
        UUID held = insertAndLease();
        UUID takenOver = insertAndLease();
        UUID alsoHeld = insertAndLease();
        assertThat(session.<Set<UUID>>call(ports -> ports.work().markProcessed(List.of(
                leasedBy(held, 1), leasedBy(takenOver, 2),
                leasedBy(alsoHeld, 1)), NOW))).containsExactlyInAnyOrder(held, alsoHeld);

        assertThat(stored(held)).contains(new StoredInboxRow("PROCESSED", 1, Optional.empty(), true,
                List.of("RECEIVED", "PROCESSING", "PROCESSED")));
        assertThat(stored(alsoHeld)).hasValueSatisfying(row -> assertThat(row.status()).isEqualTo("PROCESSED"));
        assertThat(stored(takenOver)).contains(new StoredInboxRow("PROCESSING", 1, Optional.empty(), true,
                List.of("RECEIVED", "PROCESSING")));
    }

    @Test
    void retryLaterGivesTheRowBackWithItsReasonAtTheGivenTime() {
        UUID inboxId = insertAndLease();

        assertThat(session.<Boolean>call(ports -> ports.work().retryLater(leasedBy(inboxId, 1), NOW.plusSeconds(300),
                "timed out", NOW))).isTrue();

        assertThat(stored(inboxId)).contains(new StoredInboxRow("RECEIVED", 1, Optional.of("timed out"), true,
                List.of("RECEIVED", "PROCESSING", "RECEIVED")));
        assertThat(leaseDue(NOW.plusSeconds(299))).isEmpty();
        assertThat(leaseDue(NOW.plusSeconds(300))).extracting(LeasedInboxEvent::lease)
                .containsExactly(new Lease(2, false));
    }

    @Test
    void aStaleAttemptChangesNothing() {
        UUID inboxId = insertAndLease();
        assertThat(leaseDue(LEASE_END)).extracting(LeasedInboxEvent::lease).containsExactly(new Lease(2, true));

        assertThat(markProcessed(inboxId, 1, LEASE_END)).isFalse();
        assertThat(session.<Boolean>call(ports -> ports.work().fail(leasedBy(inboxId, 1), "stale", LEASE_END)))
                .isFalse();

        assertThat(stored(inboxId)).hasValueSatisfying(row -> assertThat(row.status()).isEqualTo("PROCESSING"));
    }

    @Test
    void failEndsTheRowAndRedriveMakesItDueAgain() {
        UUID inboxId = insertAndLease();

        assertThat(session.<Boolean>call(ports -> ports.work().fail(leasedBy(inboxId, 1), "rejected downstream",
                NOW))).isTrue();
        assertThat(stored(inboxId)).contains(new StoredInboxRow("FAILED", 1, Optional.of("rejected downstream"),
                true, List.of("RECEIVED", "PROCESSING", "FAILED")));

        assertThat(session.<Boolean>call(ports -> ports.recovery().redrive(inboxId, NOW.plusSeconds(60)))).isTrue();
        assertThat(session.<Boolean>call(ports -> ports.recovery().redrive(inboxId, NOW.plusSeconds(60)))).isFalse();
        assertThat(stored(inboxId)).hasValueSatisfying(row -> assertThat(row.status()).isEqualTo("RECEIVED"));
        assertThat(leaseDue(NOW.plusSeconds(60))).extracting(LeasedInboxEvent::lease)
                .containsExactly(new Lease(2, false));
    }

    @Test
    void purgesThePayloadsOfFinishedRowsOnly() {
        Instant longAgo = NOW.minus(Duration.ofDays(2));
        InboxEntryFixture finished = InboxEntryFixture.valid(longAgo);
        insert(finished);
        assertThat(leaseDue(longAgo)).hasSize(1);
        assertThat(markProcessed(finished.inboxId(), 1, longAgo)).isTrue();
        InboxEntryFixture pending = InboxEntryFixture.valid(longAgo);
        insert(pending);

        assertThat(session.<Purged>call(ports -> ports.retention().purgePayloads(NOW.minus(Duration.ofDays(1)),
                Optional.empty(), 10))).isEqualTo(new Purged(1, List.of()));

        assertThat(stored(finished.inboxId())).hasValueSatisfying(row -> assertThat(row.payloadRetained()).isFalse());
        assertThat(stored(pending.inboxId())).hasValueSatisfying(row -> assertThat(row.payloadRetained()).isTrue());
    }

    private Insertion insert(InboxEntryFixture entry) {
        return session.call(ports -> ports.inbox().insertIfAbsent(entry.build()));
    }

    private Optional<UUID> recordBody(InboxEntryFixture entry, Instant seenAfter) {
        return session.call(ports -> {
            ports.inbox().insertIfAbsent(entry.build());
            return ports.inbox().recordBodyUnlessSeen(entry.build(), seenAfter);
        });
    }

    private List<LeasedInboxEvent> leaseDue(Instant now) {
        return session.call(ports -> ports.work().leaseDue(10, now, now.plusSeconds(30)));
    }

    private boolean markProcessed(UUID inboxId, int attempt, Instant now) {
        return session.call(ports -> ports.work().markProcessed(List.of(leasedBy(inboxId, attempt)), now))
                .contains(inboxId);
    }

    /** A new row, leased at {@code NOW} until {@code LEASE_END} by attempt 1. */
    private UUID insertAndLease() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        insert(entry);
        assertThat(leaseDue(NOW)).extracting(LeasedInboxEvent::inboxId).containsExactly(entry.inboxId());
        return entry.inboxId();
    }

    /** The inbox's two ports over one connection. */
    protected record InboxPorts(InboxPort inbox, InboxWorkPort work, InboxRecoveryPort recovery,
            InboxRetentionPort retention) {
    }

    /** One stored row: status, attempts, last reason, whether the payload is retained, statuses in history order. */
    protected record StoredInboxRow(String status, int attemptCount, Optional<String> lastError,
            boolean payloadRetained, List<String> history) {
    }
}
