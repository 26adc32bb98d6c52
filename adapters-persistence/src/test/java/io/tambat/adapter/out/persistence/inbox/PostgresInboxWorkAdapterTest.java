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
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
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
        return ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(inboxId, attempt)), now)
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
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(processed, 1)), t0);
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
        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", purged);
        InboxSelection all = new InboxSelection(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
        Instant keptSince = t0.plusSeconds(5);

        long notReplayable = session.call(ports -> ports.recovery().countNotReplayable(all, keptSince));
        List<InboxSelection.Position> replayed = session.call(ports -> ports.recovery().replaySelected(all,
                Optional.empty(), 10, t0.plusSeconds(60), keptSince));

        assertThat(notReplayable).isEqualTo(2);
        assertThat(replayed).extracting(InboxSelection.Position::inboxId).containsExactly(kept);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE status = 'PROCESSED'", UUID.class))
                .containsExactlyInAnyOrder(purged, tooOld);
        assertThat(session.<List<LeasedInboxEvent>>call(ports -> ports.work().leaseDue(10, t0.plusSeconds(60),
                t0.plusSeconds(90))))
                .extracting(event -> event.inboxId() + ":" + event.lease().attempt()).containsExactly(kept + ":2");
    }

    @Test
    void aWaitGivesTheLeaseBackWithoutCountingItsAttemptAndAStaleHolderCannotWriteAfterIt() {
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        UUID waiting = enqueue(t0);
        session.run(ports -> ports.work().leaseDue(10, t0, t0.plusSeconds(30)));

        boolean waited = session.call(ports -> ports.work().waitLater(waiting, 1, t0.plusSeconds(5),
                "waiting: sequence 3"));

        assertThat(waited).isTrue();
        assertThat(storedAttemptCount(waiting)).isZero();
        assertThat(database.value("SELECT last_error FROM webhook_inbox WHERE inbox_id = ? AND status = 'RECEIVED'"
                + " AND lease_until IS NULL AND next_attempt_at = ?", String.class, waiting,
                Timestamp.from(t0.plusSeconds(5)))).isEqualTo("waiting: sequence 3");
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                waiting)).as("a wait ends no attempt").isEmpty();
        assertThat(session.<Boolean>call(ports -> ports.work().waitLater(waiting, 1, t0.plusSeconds(9), "again")))
                .as("the released lease fences its own attempt out").isFalse();
        assertThat(session.<List<LeasedInboxEvent>>call(ports -> ports.work().leaseDue(10, t0.plusSeconds(5),
                t0.plusSeconds(35)))).extracting(event -> event.lease().attempt()).containsExactly(1);
        assertThat(complete(waiting, 1, t0.plusSeconds(6))).isTrue();
    }

    private boolean complete(UUID inboxId, int attempt, Instant now) {
        return session.call(ports -> complete(ports, inboxId, attempt, now));
    }

    private UUID failed(InboxEntryFixture entry) {
        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        Instant at = entry.build().receivedAt();
        session.run(ports -> {
            ports.work().leaseDue(10, at, at.plusSeconds(30));
            ports.work().fail(entry.inboxId(), 1, "rejected", at);
        });
        return entry.inboxId();
    }

    private UUID failed(Instant receivedAt) {
        UUID inboxId = enqueue(receivedAt);
        session.run(ports -> {
            ports.work().leaseDue(10, receivedAt, receivedAt.plusSeconds(30));
            ports.work().fail(inboxId, 1, "rejected", receivedAt);
        });
        return inboxId;
    }

    private UUID processed(Instant receivedAt) {
        UUID inboxId = enqueue(receivedAt);
        session.run(ports -> {
            ports.work().leaseDue(10, receivedAt, receivedAt.plusSeconds(30));
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(inboxId, 1)), receivedAt);
        });
        return inboxId;
    }

    @Test
    void purgesOldProcessedRowsWithTheirHistoryButKeepsFailedRecentAndStillForwardedOnes() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        UUID processed = enqueue(longAgo);
        UUID forwarded = enqueue(longAgo);
        UUID pendingForward = enqueue(longAgo);
        UUID failedForward = enqueue(longAgo);
        UUID failed = enqueue(longAgo);
        session.run(ports -> {
            ports.work().leaseDue(10, longAgo, longAgo.plusSeconds(30));
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(processed, 1),
                    InboxEntryFixture.leasedBy(forwarded, 1), InboxEntryFixture.leasedBy(pendingForward, 1),
                    InboxEntryFixture.leasedBy(failedForward, 1)), longAgo);
            ports.work().fail(failed, 1, "rejected", longAgo);
        });
        database.forwardDelivery("ledger", forwarded, "DELIVERED", longAgo);
        database.forwardDelivery("ledger", pendingForward, "PENDING", longAgo);
        database.forwardDelivery("ledger", failedForward, "FAILED", longAgo);
        Instant later = longAgo.plus(Duration.ofDays(2));
        UUID recent = enqueue(later);
        session.run(ports -> {
            ports.work().leaseDue(10, later, later.plusSeconds(30));
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(recent, 1)), later);
        });

        int purged = session.call(ports -> ports.retention().purgeFinished(longAgo.plus(Duration.ofDays(1)), 10));

        assertThat(purged).isEqualTo(2);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox", UUID.class)).as(
                "a FAILED or pending forward delivery can still be sent, redriven or replayed")
                .containsExactlyInAnyOrder(pendingForward, failedForward, failed, recent);
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                processed)).isEmpty();
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                recent)).containsExactly("PROCESSED");
    }

    @Test
    void keepsAFailedRowsPayloadUntilItsOwnRetentionWhichNoneIsByDefault() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        processed(longAgo);
        UUID failed = failed(longAgo);
        Instant muchLater = longAgo.plus(Duration.ofDays(400));

        assertThat(session.<Integer>call(ports -> ports.retention().purgePayloads(muchLater, Optional.empty(), 10)))
                .isEqualTo(1);
        assertThat(payloadKept()).as("a redrive of the FAILED one still has its payload").containsExactly(failed);

        assertThat(session.<Integer>call(ports -> ports.retention().purgePayloads(muchLater,
                Optional.of(longAgo.minusSeconds(1)), 10))).as("received after the FAILED cut-off").isZero();
        assertThat(session.<Integer>call(ports -> ports.retention().purgePayloads(muchLater, Optional.of(muchLater), 10)))
                .isEqualTo(1);
        assertThat(payloadKept()).isEmpty();
    }

    private List<UUID> payloadKept() {
        return database.column("SELECT inbox_id FROM webhook_inbox WHERE payload_ciphertext IS NOT NULL", UUID.class);
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

        int purged = session.call(ports -> ports.retention().purgePayloads(longAgo.plus(Duration.ofDays(90)), Optional.empty(), 10));

        assertThat(purged).isEqualTo(2);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox WHERE payload_ciphertext IS NOT NULL",
                UUID.class)).as("a PENDING or FAILED delivery of the event sends its payload, once resumed or redriven")
                .containsExactlyInAnyOrder(paused, failedForward);
    }
}
