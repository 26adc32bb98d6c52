package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.WorkLeaseContract;
import io.tambat.adapter.out.persistence.inbox.InboxPortContract.InboxPorts;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.port.out.inbox.InboxRetentionPort.Purged;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract on the inbox's work queue, through {@link PostgresInboxWorkAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxWorkAdapterTest extends WorkLeaseContract<InboxPorts, UUID> {

    private final ContractDatabase database;

    PostgresInboxWorkAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<InboxPorts> openSession() {
        return database.session(PostgresInboxAdapterTest::inboxPorts);
    }

    @Override
    protected UUID enqueue(Instant dueAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(dueAt);
        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        return entry.inboxId();
    }

    @Override
    protected List<LeasedItem<UUID>> leaseDue(InboxPorts ports, int max, Instant now, Instant leaseUntil) {
        return ports.work().leaseDue(max, now, leaseUntil).stream()
                .map(event -> new LeasedItem<>(event.inboxId(), event.lease()))
                .toList();
    }

    @Override
    protected boolean complete(InboxPorts ports, UUID inboxId, int attempt, Instant now) {
        return ports.work().markProcessed(List.of(database.leasedBy(inboxId, attempt)), now)
                .contains(inboxId);
    }

    @Override
    protected int storedAttemptCount(UUID inboxId) {
        return database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, inboxId);
    }

    @Test
    void redrivesTheFailedRowsOfASelectionBatchByBatchInReceivedOrder() {
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        UUID first = failed(InboxEntryFixture.valid(t0));
        UUID second = failed(InboxEntryFixture.valid(t0.plusSeconds(1)));
        UUID elsewhere = failed(InboxEntryFixture.valid(t0.plusSeconds(2)).onEndpoint("other-shop"));
        UUID outOfRange = failed(InboxEntryFixture.valid(t0.plusSeconds(3600)));
        UUID processed = enqueue(t0);
        session.run(ports -> {
            ports.work().leaseDue(10, t0, t0.plusSeconds(30));
            ports.work().markProcessed(List.of(database.leasedBy(processed, 1)), t0);
        });
        InboxSelection selection = new InboxSelection(Optional.of(InboxEntryFixture.PROVIDER), Optional.of("shop"),
                Optional.of(InboxEntryFixture.EVENT_TYPE), Optional.of(t0), Optional.of(t0.plusSeconds(60)));
        Instant now = t0.plusSeconds(7200);

        List<InboxSelection.Position> batch = session.call(ports -> ports.recovery().redriveSelected(selection,
                Optional.empty(), 1, now));
        List<InboxSelection.Position> next = session.call(ports -> ports.recovery().redriveSelected(selection,
                Optional.of(batch.get(0)), 1, now));
        List<InboxSelection.Position> none = session.call(ports -> ports.recovery().redriveSelected(selection,
                Optional.of(next.get(0)), 1, now));

        assertThat(batch).extracting(InboxSelection.Position::inboxId).containsExactly(first);
        assertThat(next).extracting(InboxSelection.Position::inboxId).containsExactly(second);
        assertThat(none).isEmpty();
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE status = 'RECEIVED' AND next_attempt_at = ?",
                UUID.class, Timestamp.from(now))).containsExactlyInAnyOrder(first, second);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE status = 'FAILED'", UUID.class))
                .containsExactlyInAnyOrder(elsewhere, outOfRange);
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ? ORDER BY history_id",
                String.class, first)).containsExactly("FAILED", "RECEIVED");
        assertThat(database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, first))
                .isEqualTo(1);
    }

    @Test
    void replaysOnlyProcessedRowsWhosePayloadAndRecordAreStillKept() {
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        UUID kept = processed(t0.plusSeconds(10));
        UUID purged = processed(t0.plusSeconds(20));
        UUID tooOld = processed(t0);
        UUID inObjectStore = processed(InboxEntryFixture.valid(t0.plusSeconds(30)).buildInObjectStore());
        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", purged);
        InboxSelection all = new InboxSelection(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
        Instant keptSince = t0.plusSeconds(5);

        long notReplayable = session.call(ports -> ports.recovery().countNotReplayable(all, keptSince));
        List<InboxSelection.Position> replayed = session.call(ports -> ports.recovery().replaySelected(all,
                Optional.empty(), 10, t0.plusSeconds(60), keptSince));

        assertThat(notReplayable).isEqualTo(2);
        assertThat(replayed).extracting(InboxSelection.Position::inboxId).containsExactly(kept, inObjectStore);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE status = 'PROCESSED'", UUID.class))
                .containsExactlyInAnyOrder(purged, tooOld);
        assertThat(session.<List<LeasedInboxEvent>>call(ports -> ports.work().leaseDue(10, t0.plusSeconds(60),
                t0.plusSeconds(90))))
                .extracting(event -> event.inboxId() + ":" + event.lease().attempt())
                .containsExactlyInAnyOrder(kept + ":2", inObjectStore + ":2");
    }

    @Test
    void aWaitGivesTheLeaseBackWithoutCountingItsAttemptAndAStaleHolderCannotWriteAfterIt() {
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        UUID waiting = enqueue(t0);
        session.run(ports -> ports.work().leaseDue(10, t0, t0.plusSeconds(30)));

        boolean waited = session.call(ports -> ports.work().waitLater(database.leasedBy(waiting, 1), t0.plusSeconds(5),
                "waiting: sequence 3"));

        assertThat(waited).isTrue();
        assertThat(storedAttemptCount(waiting)).isZero();
        assertThat(database.value("SELECT last_error FROM webhook_inbox WHERE inbox_id = ? AND status = 'RECEIVED'"
                + " AND lease_until IS NULL AND next_attempt_at = ?", String.class, waiting,
                Timestamp.from(t0.plusSeconds(5)))).isEqualTo("waiting: sequence 3");
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                waiting)).as("a wait ends no attempt").isEmpty();
        assertThat(session.<Boolean>call(ports -> ports.work().waitLater(database.leasedBy(waiting, 1),
                t0.plusSeconds(9), "again")))
                .as("the released lease fences its own attempt out").isFalse();
        assertThat(session.<List<LeasedInboxEvent>>call(ports -> ports.work().leaseDue(10, t0.plusSeconds(5),
                t0.plusSeconds(35)))).extracting(event -> event.lease().attempt()).containsExactly(1);
        assertThat(complete(waiting, 1, t0.plusSeconds(6))).isTrue();
    }

    @Test
    void anEndNamesItsRowByIdAndTimeOfReceipt() {
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        UUID row = enqueue(t0);
        session.run(ports -> ports.work().leaseDue(10, t0, t0.plusSeconds(30)));
        LeasedInboxEvent otherTime = InboxEntryFixture.leasedBy(row, t0.plusMillis(1), 1);

        assertThat(session.<Boolean>call(ports -> ports.work().fail(otherTime, "rejected", t0))).isFalse();
        assertThat(session.<Set<UUID>>call(ports -> ports.work().markProcessed(List.of(otherTime), t0))).isEmpty();
        assertThat(session.<Boolean>call(ports -> ports.work().retryLater(otherTime, t0.plusSeconds(5), "transient",
                t0))).isFalse();
        assertThat(session.<Boolean>call(ports -> ports.work().waitLater(otherTime, t0.plusSeconds(5), "waiting")))
                .isFalse();
        assertThat(storedAttemptCount(row)).as("nothing written by any of them").isEqualTo(1);
        assertThat(session.<Boolean>call(ports -> ports.work().fail(database.leasedBy(row, 1), "rejected", t0)))
                .isTrue();
    }

    private boolean complete(UUID inboxId, int attempt, Instant now) {
        return session.call(ports -> complete(ports, inboxId, attempt, now));
    }

    private UUID failed(InboxEntryFixture entry) {
        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        Instant at = entry.build().receivedAt();
        session.run(ports -> {
            ports.work().leaseDue(10, at, at.plusSeconds(30));
            ports.work().fail(database.leasedBy(entry.inboxId(), 1), "rejected", at);
        });
        return entry.inboxId();
    }

    private UUID failed(Instant receivedAt) {
        UUID inboxId = enqueue(receivedAt);
        session.run(ports -> {
            ports.work().leaseDue(10, receivedAt, receivedAt.plusSeconds(30));
            ports.work().fail(database.leasedBy(inboxId, 1), "rejected", receivedAt);
        });
        return inboxId;
    }

    private UUID processed(Instant receivedAt) {
        return processed(InboxEntryFixture.valid(receivedAt).build());
    }

    private UUID processed(NewInboxEvent entry) {
        session.run(ports -> ports.inbox().insertIfAbsent(entry));
        session.run(ports -> {
            ports.work().leaseDue(10, entry.receivedAt(), entry.receivedAt().plusSeconds(30));
            ports.work().markProcessed(List.of(database.leasedBy(entry.inboxId(), 1)), entry.receivedAt());
        });
        return entry.inboxId();
    }

    @Test
    void purgesOldProcessedRowsButKeepsFailedRecentAndStillForwardedOnes() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        UUID processed = enqueue(longAgo);
        UUID forwarded = enqueue(longAgo);
        UUID pendingForward = enqueue(longAgo);
        UUID failedForward = enqueue(longAgo);
        UUID failed = enqueue(longAgo);
        session.run(ports -> {
            ports.work().leaseDue(10, longAgo, longAgo.plusSeconds(30));
            ports.work().markProcessed(List.of(database.leasedBy(processed, 1),
                    database.leasedBy(forwarded, 1), database.leasedBy(pendingForward, 1),
                    database.leasedBy(failedForward, 1)), longAgo);
            ports.work().fail(database.leasedBy(failed, 1), "rejected", longAgo);
        });
        database.forwardDelivery("ledger", forwarded, "DELIVERED", longAgo);
        database.forwardDelivery("ledger", pendingForward, "PENDING", longAgo);
        database.forwardDelivery("ledger", failedForward, "FAILED", longAgo);
        Instant later = longAgo.plus(Duration.ofDays(2));
        UUID recent = enqueue(later);
        session.run(ports -> {
            ports.work().leaseDue(10, later, later.plusSeconds(30));
            ports.work().markProcessed(List.of(database.leasedBy(recent, 1)), later);
        });

        Purged purged = session.call(ports -> ports.retention().purgeFinished(longAgo.plus(Duration.ofDays(1)), 10));

        assertThat(purged).isEqualTo(new Purged(2, List.of()));
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox", UUID.class)).as(
                "a FAILED or pending forward delivery can still be sent, redriven or replayed")
                .containsExactlyInAnyOrder(pendingForward, failedForward, failed, recent);
        assertThat(database.column("SELECT inbox_id FROM webhook_event_key", UUID.class))
                .as("a purged row's key goes with it, so that a redelivery is stored anew")
                .containsExactlyInAnyOrder(pendingForward, failedForward, failed, recent);
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                processed)).as("its history goes by its day, not with the row").containsExactly("PROCESSED");
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                recent)).containsExactly("PROCESSED");
    }

    @Test
    void keepsAFailedRowsPayloadUntilItsOwnRetentionWhichNoneIsByDefault() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        processed(longAgo);
        UUID failed = failed(longAgo);
        Instant muchLater = longAgo.plus(Duration.ofDays(400));

        assertThat(purgePayloads(muchLater, Optional.empty(), 10).count()).isEqualTo(1);
        assertThat(payloadKept()).as("a redrive of the FAILED one still has its payload").containsExactly(failed);

        assertThat(purgePayloads(muchLater, Optional.of(longAgo.minusSeconds(1)), 10).count())
                .as("received after the FAILED cut-off").isZero();
        assertThat(purgePayloads(muchLater, Optional.of(muchLater), 10).count()).isEqualTo(1);
        assertThat(payloadKept()).isEmpty();
    }

    @Test
    void purgesPayloadObjectNamesLikeCiphertextsWithinTheBatchBoundAndReturnsTheObjects() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        processed(longAgo);
        InboxEntryFixture inStore = InboxEntryFixture.valid(longAgo);
        processed(inStore.buildInObjectStore());
        InboxEntryFixture recent = InboxEntryFixture.valid(longAgo.plus(Duration.ofDays(100)));
        processed(recent.buildInObjectStore());
        Instant cutoff = longAgo.plus(Duration.ofDays(90));

        Purged first = purgePayloads(cutoff, Optional.empty(), 1);
        Purged second = purgePayloads(cutoff, Optional.empty(), 1);
        Purged none = purgePayloads(cutoff, Optional.empty(), 1);

        assertThat(List.of(first.count(), second.count(), none.count())).containsExactly(1, 1, 0);
        assertThat(Stream.of(first, second, none).flatMap(purged -> purged.objects().stream()))
                .containsExactly(inStore.payloadObject());
        assertThat(payloadKept()).containsExactly(recent.inboxId());
    }

    @Test
    void purgingFinishedRowsReturnsThePayloadObjectsTheyNamed() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        processed(longAgo);
        InboxEntryFixture inStore = InboxEntryFixture.valid(longAgo);
        processed(inStore.buildInObjectStore());
        InboxEntryFixture kept = InboxEntryFixture.valid(longAgo);
        processed(kept.buildInObjectStore());
        database.forwardDelivery("ledger", kept.inboxId(), "PENDING", longAgo);

        Purged purged = session.call(ports -> ports.retention().purgeFinished(longAgo.plus(Duration.ofDays(1)), 10));

        assertThat(purged).isEqualTo(new Purged(2, List.of(inStore.payloadObject())));
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox", UUID.class)).containsExactly(kept.inboxId());
    }

    @Test
    void tellsWhichPayloadObjectsARowStillNames() {
        Instant now = Instant.parse("2026-03-01T10:00:00Z");
        InboxEntryFixture named = InboxEntryFixture.valid(now);
        session.run(ports -> ports.inbox().insertIfAbsent(named.buildInObjectStore()));
        InboxEntryFixture dropped = InboxEntryFixture.valid(now);
        session.run(ports -> ports.inbox().insertIfAbsent(dropped.buildInObjectStore()));
        database.execute("UPDATE webhook_inbox SET payload_object = NULL WHERE inbox_id = ?", dropped.inboxId());
        PayloadObjectKey neverCommitted = PayloadObjectKey.of(now, UUID.randomUUID());
        PayloadObjectKey anotherHourOfTheNamedRow = PayloadObjectKey.of(now.plus(Duration.ofHours(1)),
                named.inboxId());

        assertThat(session.<Set<PayloadObjectKey>>call(ports -> ports.retention().stillNamed(List.of(
                named.payloadObject(), dropped.payloadObject(), neverCommitted, anotherHourOfTheNamedRow))))
                .containsExactly(named.payloadObject());
        assertThat(session.<Set<PayloadObjectKey>>call(ports -> ports.retention().stillNamed(List.of()))).isEmpty();
    }

    private Purged purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
        return session.call(ports -> ports.retention().purgePayloads(processedBefore, failedBefore, batch));
    }

    /** The rows that still hold a payload, in the row or in the object store. */
    private List<UUID> payloadKept() {
        return database.column("SELECT inbox_id FROM webhook_inbox"
                + " WHERE payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL", UUID.class);
    }

    @Test
    void keepsThePayloadAnUnfinishedDeliveryOfItsEventStillSends() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        UUID paused = processed(longAgo);
        UUID failedForward = processed(longAgo);
        UUID delivered = processed(longAgo);
        UUID onlyItsStateChangeWaits = processed(longAgo);
        database.forwardDelivery("paused", paused, "PENDING", longAgo);
        database.forwardDelivery("ledger", failedForward, "FAILED", longAgo);
        database.forwardDelivery("ledger", delivered, "DELIVERED", longAgo);
        database.forwardDelivery("skipped", delivered, "SKIPPED", longAgo);
        database.stateChangeDelivery("ledger", onlyItsStateChangeWaits, "PENDING", longAgo);

        Purged purged = purgePayloads(longAgo.plus(Duration.ofDays(90)), Optional.empty(), 10);

        assertThat(purged.count()).isEqualTo(2);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE payload_ciphertext IS NOT NULL",
                UUID.class)).as("a PENDING or FAILED delivery of the event sends its payload, once resumed or redriven")
                .containsExactlyInAnyOrder(paused, failedForward);
    }
}
