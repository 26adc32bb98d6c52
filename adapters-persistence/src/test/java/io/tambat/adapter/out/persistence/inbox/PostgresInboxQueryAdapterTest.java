package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.inbox.InboxQueryPort;
import io.tambat.provider.spi.ObjectType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operator views of the inbox on PostgreSQL. A leased row keeps its stored status RECEIVED; these views
 * show it as PROCESSING, count it so and still count it as pending.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxQueryAdapterTest extends SessionContract<InboxQueryPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;
    private UUID leased;
    private UUID pending;
    private UUID failed;

    PostgresInboxQueryAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<InboxQueryPort> openSession() {
        return database.session(em -> {
            PostgresInboxQueryAdapter query = new PostgresInboxQueryAdapter();
            query.em = em;
            return query;
        });
    }

    /** Three rows received a minute apart: the oldest leased, the next failed, the newest waiting. */
    @BeforeEach
    void oneRowInEachStatus() {
        try (StoreSession<InboxPortContract.InboxPorts> inbox =
                database.session(PostgresInboxAdapterTest::inboxPorts)) {
            leased = insert(inbox, NOW.minusSeconds(180));
            inbox.call(ports -> ports.work().leaseDue(1, NOW, NOW.plusSeconds(30)));
            failed = insert(inbox, NOW.minusSeconds(120));
            inbox.call(ports -> ports.work().leaseDue(1, NOW, NOW.plusSeconds(30)));
            inbox.call(ports -> ports.work().fail(database.leasedBy(failed, 1), "rejected downstream", NOW));
            pending = insert(inbox, NOW.minusSeconds(60));
        }
    }

    @Test
    void listsALeasedRowAsProcessing() {
        assertThat(rows(filter("PROCESSING"), Optional.empty(), 10))
                .extracting(InboxEvent::inboxId, InboxEvent::status, InboxEvent::attemptCount)
                .containsExactly(tuple(leased, InboxStatus.PROCESSING, 1));
        assertThat(rows(filter("RECEIVED"), Optional.empty(), 10)).extracting(InboxEvent::inboxId)
                .containsExactly(pending);
        assertThat(rows(filter(null), Optional.empty(), 10)).extracting(InboxEvent::status)
                .containsExactly(InboxStatus.RECEIVED, InboxStatus.FAILED, InboxStatus.PROCESSING);
    }

    @Test
    void pagesNewestFirstEachPageStartingAfterTheLastRowOfThePageBefore() {
        InboxEvent.Page first = session.call(query -> query.list(filter(null), Optional.empty(), 2)).orElseThrow();
        assertThat(first.rows()).extracting(InboxEvent::inboxId).containsExactly(pending, failed);
        assertThat(first.hasMore()).isTrue();

        InboxEvent.Page second = session.call(query -> query.list(filter(null), Optional.of(failed), 2)).orElseThrow();
        assertThat(second.rows()).extracting(InboxEvent::inboxId).containsExactly(leased);
        assertThat(second.hasMore()).isFalse();
    }

    @Test
    void pagesThroughRowsReceivedAtTheSameInstantWithoutSkippingOrRepeatingOne() {
        List<UUID> together = new ArrayList<>();
        try (StoreSession<InboxPortContract.InboxPorts> inbox =
                database.session(PostgresInboxAdapterTest::inboxPorts)) {
            for (int i = 0; i < 5; i++) {
                together.add(insert(inbox, NOW.minusSeconds(30)));
            }
        }
        List<UUID> seen = new ArrayList<>();
        Optional<UUID> after = Optional.empty();
        InboxEvent.Page page;
        do {
            Optional<UUID> from = after;
            page = session.call(query -> query.list(filter(null), from, 2)).orElseThrow();
            page.rows().forEach(row -> seen.add(row.inboxId()));
            after = Optional.of(page.rows().get(page.rows().size() - 1).inboxId());
        } while (page.hasMore());

        assertThat(seen).hasSize(8).doesNotHaveDuplicates().containsAll(together)
                .endsWith(pending, failed, leased);
    }

    @Test
    void selectsAReceivedRangeFromItsStartIncludedToItsEndExcluded() {
        InboxEvent.Filter range = new InboxEvent.Filter(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(NOW.minusSeconds(120)), Optional.of(NOW.minusSeconds(60)));
        assertThat(rows(range, Optional.empty(), 10)).extracting(InboxEvent::inboxId).containsExactly(failed);

        InboxEvent.Filter type = new InboxEvent.Filter(Optional.empty(), Optional.empty(), Optional.of("shop"),
                Optional.of("charge.refunded"), Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(rows(type, Optional.empty(), 10)).isEmpty();
    }

    @Test
    void findsNoPageAfterARowThatDoesNotExist() {
        assertThat(session.<Optional<InboxEvent.Page>>call(query -> query.list(filter(null),
                Optional.of(UUID.randomUUID()), 10))).isEmpty();
    }

    @Test
    void readsTheSealedPayloadOnlyWhileRetentionKeepsIt() {
        assertThat(session.<Optional<InboxEvent.Payload>>call(query -> query.payload(pending))).hasValueSatisfying(
                payload -> {
                    assertThat(payload.stored()).get().isInstanceOfSatisfying(StoredPayload.InRow.class, inRow ->
                            assertThat(inRow.keyId()).isEqualTo(InboxEntryFixture.KEY_ID));
                    assertThat(payload.associatedData()).isEqualTo(NewInboxEvent.payloadAssociatedData(pending,
                            InboxEntryFixture.PROVIDER, new EndpointId("shop"), "evt_" + pending));
                });
        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", pending);

        assertThat(session.<Optional<InboxEvent.Payload>>call(query -> query.payload(pending)))
                .hasValueSatisfying(payload -> assertThat(payload.stored()).isEmpty());
        assertThat(session.<Optional<InboxEvent.Payload>>call(query -> query.payload(UUID.randomUUID()))).isEmpty();
    }

    @Test
    void readsThePayloadObjectARowNamesWithWhatSealedItAndShowsThePayloadRetained() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);
        try (StoreSession<InboxPortContract.InboxPorts> inbox =
                database.session(PostgresInboxAdapterTest::inboxPorts)) {
            inbox.run(ports -> ports.inbox().insertIfAbsent(entry.buildInObjectStore()));
        }

        assertThat(session.<Optional<InboxEvent.Payload>>call(query -> query.payload(entry.inboxId())))
                .hasValueSatisfying(payload -> assertThat(payload.stored()).contains(
                        new StoredPayload.InObjectStore(entry.payloadObject(), InboxEntryFixture.KEY_ID)));
        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(entry.inboxId())))
                .hasValueSatisfying(detail -> assertThat(detail.row().payloadRetained()).isTrue());
        assertThat(rows(filter("RECEIVED"), Optional.empty(), 10)).filteredOn(InboxEvent::payloadRetained)
                .extracting(InboxEvent::inboxId).containsExactlyInAnyOrder(entry.inboxId(), pending);
    }

    @Test
    void showsTheMutationARowsProcessingApplied() {
        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(pending)))
                .hasValueSatisfying(detail -> assertThat(detail.mutation()).isEmpty());
        database.execute("""
                INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state, version,
                                             applied_at, event_received_at)
                SELECT 'stripe', 'shop', 'payment_intent', 'pi_1', inbox_id, 'succeeded', 7, ?, received_at
                FROM webhook_inbox WHERE inbox_id = ?""", Timestamp.from(NOW), pending);

        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(pending))).hasValueSatisfying(detail ->
                assertThat(detail.mutation()).contains(new InboxEvent.Mutation(new ObjectType("payment_intent"), "pi_1",
                        "succeeded",
                        Optional.of(7L), NOW)));
    }

    @Test
    void showsALeasedRowAsProcessingWithItsHistory() {
        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(leased)))
                .hasValueSatisfying(detail -> {
                    assertThat(detail.row().status()).isEqualTo(InboxStatus.PROCESSING);
                    assertThat(detail.history()).extracting(InboxEvent.StatusChange::status)
                            .containsExactly(InboxStatus.RECEIVED, InboxStatus.PROCESSING);
                });
    }

    @Test
    void showsEveryAttemptWithItsTimesFromOneStoredEntryPerEndedAttempt() {
        Instant received = NOW.minusSeconds(1000);
        Instant firstLease = NOW.minusSeconds(900);
        Instant retried = NOW.minusSeconds(850);
        Instant lostLease = NOW.minusSeconds(800);
        Instant takenOver = NOW.minusSeconds(700);
        Instant processed = NOW.minusSeconds(650);
        UUID row;
        try (StoreSession<InboxPortContract.InboxPorts> inbox =
                database.session(PostgresInboxAdapterTest::inboxPorts)) {
            row = insert(inbox, received);
            inbox.call(ports -> ports.work().leaseDue(1, firstLease, firstLease.plusSeconds(30)));
            inbox.call(ports -> ports.work().retryLater(database.leasedBy(row, 1), lostLease, "transient: timeout",
                    retried));
            inbox.call(ports -> ports.work().leaseDue(1, lostLease, lostLease.plusSeconds(30)));
            inbox.call(ports -> ports.work().leaseDue(1, takenOver, takenOver.plusSeconds(30)));
            inbox.call(ports -> ports.work().markProcessed(List.of(database.leasedBy(row, 3)), processed));
        }

        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(row))).hasValueSatisfying(detail ->
                assertThat(detail.history()).containsExactly(
                        new InboxEvent.StatusChange(InboxStatus.RECEIVED, received),
                        new InboxEvent.StatusChange(InboxStatus.PROCESSING, firstLease),
                        new InboxEvent.StatusChange(InboxStatus.RECEIVED, retried),
                        new InboxEvent.StatusChange(InboxStatus.PROCESSING, lostLease),
                        new InboxEvent.StatusChange(InboxStatus.PROCESSING, takenOver),
                        new InboxEvent.StatusChange(InboxStatus.PROCESSED, processed)));
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ? ORDER BY history_id",
                String.class, row)).as("the retry, the lost attempt and the last one")
                .containsExactly("RECEIVED", "PROCESSING", "PROCESSED");
    }

    @Test
    void showsAFailedAttemptAndTheRedriveAfterIt() {
        Instant redriven = NOW.plusSeconds(10);
        try (StoreSession<InboxPortContract.InboxPorts> inbox =
                database.session(PostgresInboxAdapterTest::inboxPorts)) {
            inbox.call(ports -> ports.recovery().redrive(failed, redriven));
        }

        assertThat(session.<Optional<InboxEvent.Detail>>call(query -> query.find(failed))).hasValueSatisfying(detail ->
                assertThat(detail.history()).containsExactly(
                        new InboxEvent.StatusChange(InboxStatus.RECEIVED, NOW.minusSeconds(120)),
                        new InboxEvent.StatusChange(InboxStatus.PROCESSING, NOW),
                        new InboxEvent.StatusChange(InboxStatus.FAILED, NOW),
                        new InboxEvent.StatusChange(InboxStatus.RECEIVED, redriven)));
    }

    @Test
    void countsLeasedRowsAsProcessingAndAsPending() {
        InboxEvent.Stats stats = session.call(query -> query.stats(NOW, Optional.empty()));

        assertThat(stats.counts()).containsExactlyInAnyOrderEntriesOf(
                Map.of("RECEIVED", 1L, "PROCESSING", 1L, "PROCESSED", 0L, "FAILED", 1L));
        assertThat(stats.oldestPendingAgeSeconds()).isEqualTo(180);
        assertThat(stats.outboxUnpublished()).isZero();
        assertThat(stats.outboxLagSeconds()).isZero();
    }

    @Test
    void countsTheBacklogsUpToTheBoundAndNoFurther() {
        copies(failed, "FAILED", BoundedCounts.UP_TO + 5);

        InboxEvent.Stats stats = session.call(query -> query.stats(NOW, Optional.of(NOW)));

        assertThat(stats.counts()).containsEntry("FAILED", (long) BoundedCounts.UP_TO)
                .containsEntry("RECEIVED", 1L).containsEntry("PROCESSING", 1L);
        assertThat(stats.failedLosingPayloadSoon()).isEqualTo(BoundedCounts.UP_TO);
    }

    @Test
    void estimatesProcessedRowsOnceTheInboxHoldsMoreThanTheBound() {
        int processed = BoundedCounts.UP_TO + 5_000;
        copies(pending, "PROCESSED", processed);
        analyzePartitions();

        InboxEvent.Stats stats = session.call(query -> query.stats(NOW, Optional.empty()));

        assertThat(stats.counts()).containsEntry("RECEIVED", 1L).containsEntry("PROCESSING", 1L)
                .containsEntry("FAILED", 1L);
        assertThat(stats.counts().get("PROCESSED")).as("PostgreSQL's estimate less the other statuses")
                .isCloseTo((long) processed, withinPercentage(5));
        database.emptyTables();
        analyzePartitions();
    }

    /** As autovacuum does: each partition of the inbox, never the partitioned table itself. */
    private void analyzePartitions() {
        for (String partition : database.column("SELECT CAST(CAST(inhrelid AS regclass) AS text) FROM pg_inherits"
                + " WHERE inhparent = CAST('webhook_inbox' AS regclass)", String.class)) {
            database.execute("ANALYZE " + partition);
        }
    }

    @Test
    void theOutboxIsWhatWaitsToBeForwardedToAnyDestinationOldestFirst() {
        database.forwardDelivery("ledger", leased, "PENDING", NOW.minusSeconds(90));
        database.forwardDelivery("ledger", failed, "PENDING", NOW.minusSeconds(30));
        database.forwardDelivery("shop", leased, "PENDING", NOW.minusSeconds(150));
        database.forwardDelivery("shop", failed, "DELIVERED", NOW.minusSeconds(400));
        database.forwardDelivery("archive", pending, "FAILED", NOW.minusSeconds(500));

        InboxEvent.Stats stats = session.call(query -> query.stats(NOW, Optional.empty()));

        assertThat(stats.outboxUnpublished()).isEqualTo(3);
        assertThat(stats.outboxLagSeconds()).as("the oldest pending one, of whichever destination").isEqualTo(150);
    }

    @Test
    void countsTheFailedRowsStillHoldingAPayloadReceivedBeforeTheCutOff() {
        assertThat(failedLosingPayload(Optional.of(NOW.minusSeconds(60)))).as("received 120 s ago").isEqualTo(1);
        assertThat(failedLosingPayload(Optional.of(NOW.minusSeconds(200)))).isZero();
        assertThat(failedLosingPayload(Optional.empty())).as("FAILED payloads kept for ever").isZero();

        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", failed);

        assertThat(failedLosingPayload(Optional.of(NOW.minusSeconds(60)))).as("already lost").isZero();

        database.execute("UPDATE webhook_inbox SET payload_object = ? WHERE inbox_id = ?",
                PayloadObjectKey.of(NOW.minusSeconds(120), failed).value(), failed);

        assertThat(failedLosingPayload(Optional.of(NOW.minusSeconds(60)))).as("held in the object store")
                .isEqualTo(1);
    }

    private long failedLosingPayload(Optional<Instant> lostBefore) {
        return session.<InboxEvent.Stats>call(query -> query.stats(NOW, lostBefore)).failedLosingPayloadSoon();
    }

    /** {@code count} rows like {@code model} but for their own event ids, in {@code status} and not leased. */
    private void copies(UUID model, String status, int count) {
        database.execute("""
                INSERT INTO webhook_inbox
                SELECT (jsonb_populate_record(w, jsonb_build_object('inbox_id', gen_random_uuid(),
                    'provider_event_id', 'evt_copy_' || g, 'status', CAST(? AS text), 'lease_until', NULL))).*
                FROM webhook_inbox w, generate_series(1, ?) g WHERE w.inbox_id = ?""", status, count, model);
    }

    private static UUID insert(StoreSession<InboxPortContract.InboxPorts> inbox, Instant receivedAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(receivedAt);
        inbox.call(ports -> ports.inbox().insertIfAbsent(entry.build()));
        return entry.inboxId();
    }

    @Test
    void givesUpOnAScrapeThatWaitsPastItsDeadline() throws SQLException {
        Duration waited = whileTheInboxIsLocked(() -> session.call(query -> query.stats(NOW, Optional.empty())));

        assertThat(waited).isBetween(StatementDeadline.SCRAPE.deadline(),
                StatementDeadline.SCRAPE.deadline().plusSeconds(2));
    }

    @Test
    void givesUpOnAnOperatorsReadThatWaitsPastItsDeadline() throws SQLException {
        Duration waited = whileTheInboxIsLocked(() -> session.call(query -> query.find(pending)));

        assertThat(waited).isBetween(StatementDeadline.OPERATOR.deadline(),
                StatementDeadline.OPERATOR.deadline().plusSeconds(2));
    }

    /**
     * How long the read took to fail as the store being unavailable while another transaction holds the inbox
     * locked (as a long migration or a stuck maintenance statement would).
     */
    private static Duration whileTheInboxIsLocked(Runnable read) throws SQLException {
        try (Connection locker = ContractDatabase.dataSource(ContractDatabase.SCHEMA).getConnection()) {
            locker.setAutoCommit(false);
            try (Statement lock = locker.createStatement()) {
                lock.execute("LOCK TABLE webhook_inbox IN ACCESS EXCLUSIVE MODE");
            }
            long started = System.nanoTime();
            assertThatThrownBy(read::run).isInstanceOf(StoreUnavailableException.class);
            Duration waited = Duration.ofNanos(System.nanoTime() - started);
            locker.rollback();
            return waited;
        }
    }

    private List<InboxEvent> rows(InboxEvent.Filter filter, Optional<UUID> after, int limit) {
        return session.call(query -> query.list(filter, after, limit)).orElseThrow().rows();
    }

    private static InboxEvent.Filter filter(String status) {
        return new InboxEvent.Filter(Optional.ofNullable(status).map(InboxStatus::valueOf), Optional.empty(),
                Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }
}
