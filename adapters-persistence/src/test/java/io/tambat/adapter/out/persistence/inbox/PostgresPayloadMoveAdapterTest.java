package io.tambat.adapter.out.persistence.inbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxPortContract.InboxPorts;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import io.tambat.domain.port.out.inbox.PayloadMovePort.InObjectStore;
import io.tambat.domain.port.out.inbox.PayloadMovePort.InRow;
import io.tambat.domain.port.out.inbox.PayloadMovePort.Places;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rows' side of moving payloads between the inbox rows and the object store, through
 * {@link PostgresPayloadMoveAdapter}: retained payloads only, oldest first, a batch at a time, passing over the
 * rows another transaction holds.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresPayloadMoveAdapterTest extends SessionContract<PayloadMovePort> {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final ContractDatabase database;

    PostgresPayloadMoveAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<PayloadMovePort> openSession() {
        return database.session(em -> {
            PostgresPayloadMoveAdapter moves = new PostgresPayloadMoveAdapter();
            moves.em = em;
            return moves;
        });
    }

    @Test
    void picksTheOldestCiphertextsHeldInTheRowsUpToTheBatchSize() {
        InboxEntryFixture newest = inRow(T0.plusSeconds(20));
        InboxEntryFixture oldest = inRow(T0);
        InboxEntryFixture middle = inRow(T0.plusSeconds(10));
        purged(T0.minusSeconds(20));
        inObjectStore(T0.minusSeconds(10));

        List<InRow> picked = session.call(moves -> moves.heldInRows(2));

        assertThat(picked).extracting(InRow::inboxId, row -> row.sealed().keyId()).containsExactly(
                tuple(oldest.inboxId(), InboxEntryFixture.KEY_ID), tuple(middle.inboxId(), InboxEntryFixture.KEY_ID));
        assertThat(picked.get(0).sealed().ciphertext()).isEqualTo(oldest.body().getBytes(UTF_8));
        assertThat(session.<List<InRow>>call(moves -> moves.heldInRows(10))).extracting(InRow::inboxId)
                .as("neither a purged payload nor one in the object store")
                .containsExactly(oldest.inboxId(), middle.inboxId(), newest.inboxId());
    }

    @Test
    void picksTheOldestPayloadObjectsUpToTheBatchSize() {
        InboxEntryFixture newest = inObjectStore(T0.plusSeconds(20));
        InboxEntryFixture oldest = inObjectStore(T0);
        InboxEntryFixture middle = inObjectStore(T0.plusSeconds(10));
        purged(T0.minusSeconds(20));
        inRow(T0.minusSeconds(10));

        List<InObjectStore> picked = session.call(moves -> moves.heldInObjectStore(2));

        assertThat(picked).containsExactly(named(oldest), named(middle));
        assertThat(session.<List<InObjectStore>>call(moves -> moves.heldInObjectStore(10)))
                .as("neither a purged payload nor one in its row")
                .containsExactly(named(oldest), named(middle), named(newest));
    }

    @Test
    void leavesAPayloadObjectAWorkerMayStillReadUntilItsRowIsNoLongerLeased() {
        InboxEntryFixture leased = inObjectStore(T0);
        InboxEntryFixture leasedInRow = inRow(T0.plusSeconds(20));
        Instant now = T0.plusSeconds(60);
        inbox(ports -> ports.work().leaseDue(10, now, now.plusSeconds(30)));
        InboxEntryFixture free = inObjectStore(T0.plusSeconds(10));

        assertThat(session.<List<InObjectStore>>call(moves -> moves.heldInObjectStore(10)))
                .containsExactly(named(free));
        assertThat(session.<List<InRow>>call(moves -> moves.heldInRows(10))).extracting(InRow::inboxId)
                .as("its worker has the ciphertext from its lease").containsExactly(leasedInRow.inboxId());

        inbox(ports -> ports.work().markProcessed(List.of(database.leasedBy(leased.inboxId(), 1)), now));

        assertThat(session.<List<InObjectStore>>call(moves -> moves.heldInObjectStore(10)))
                .containsExactly(named(leased), named(free));
    }

    @Test
    void passesOverTheRowsAnotherTransactionHolds() throws Exception {
        InboxEntryFixture heldInRow = inRow(T0);
        InboxEntryFixture freeInRow = inRow(T0.plusSeconds(10));
        InboxEntryFixture heldInStore = inObjectStore(T0);
        InboxEntryFixture freeInStore = inObjectStore(T0.plusSeconds(10));
        CountDownLatch picked = new CountDownLatch(1);
        CountDownLatch othersTried = new CountDownLatch(1);
        List<InRow> othersInRows;
        List<InObjectStore> othersInStore;
        try (StoreSession<PayloadMovePort> holder = openSession()) {
            CompletableFuture<List<UUID>> holding = CompletableFuture.supplyAsync(() -> holder.call(moves -> {
                List<UUID> held = List.of(moves.heldInRows(1).get(0).inboxId(),
                        moves.heldInObjectStore(1).get(0).inboxId());
                picked.countDown();
                await(othersTried);
                return held;
            }));
            await(picked);
            try {
                othersInRows = session.call(moves -> moves.heldInRows(10));
                othersInStore = session.call(moves -> moves.heldInObjectStore(10));
            } finally {
                othersTried.countDown();
            }
            assertThat(holding.get(30, TimeUnit.SECONDS)).containsExactly(heldInRow.inboxId(), heldInStore.inboxId());
        }

        assertThat(othersInRows).extracting(InRow::inboxId).containsExactly(freeInRow.inboxId());
        assertThat(othersInStore).containsExactly(named(freeInStore));
        assertThat(session.<List<InRow>>call(moves -> moves.heldInRows(10))).extracting(InRow::inboxId)
                .as("released when the holder's transaction ended")
                .containsExactly(heldInRow.inboxId(), freeInRow.inboxId());
    }

    @Test
    void aPayloadMovedToTheObjectStoreIsNamedByItsRowWhichNoLongerHoldsIt() {
        InboxEntryFixture entry = inRow(T0);

        session.run(moves -> moves.movedToObjectStore(entry.inboxId(), entry.payloadObject()));

        assertThat(column("payload_ciphertext", byte[].class, entry)).isNull();
        assertThat(column("payload_object", String.class, entry)).isEqualTo(entry.payloadObject().value());
        assertThat(column("payload_key_id", String.class, entry)).isEqualTo(InboxEntryFixture.KEY_ID);
        assertThat(session.<List<InRow>>call(moves -> moves.heldInRows(10))).isEmpty();
        assertThat(session.<List<InObjectStore>>call(moves -> moves.heldInObjectStore(10)))
                .containsExactly(named(entry));
    }

    @Test
    void aPayloadMovedToItsRowIsHeldThereAsSealedAndNoLongerNamed() {
        InboxEntryFixture entry = inObjectStore(T0);
        byte[] ciphertext = "sealed under k2".getBytes(UTF_8);

        session.run(moves -> moves.movedToRow(entry.inboxId(), new SealedPayload("k2", ciphertext)));

        assertThat(column("payload_ciphertext", byte[].class, entry)).isEqualTo(ciphertext);
        assertThat(column("payload_key_id", String.class, entry)).isEqualTo("k2");
        assertThat(column("payload_object", String.class, entry)).isNull();
        assertThat(session.<List<InObjectStore>>call(moves -> moves.heldInObjectStore(10))).isEmpty();
        assertThat(session.<List<InRow>>call(moves -> moves.heldInRows(10)))
                .extracting(InRow::inboxId, row -> row.sealed().keyId())
                .containsExactly(tuple(entry.inboxId(), "k2"));
    }

    @Test
    void countsTheRetainedPayloadsInEachPlace() {
        inRow(T0);
        inRow(T0.plusSeconds(10));
        inObjectStore(T0);
        purged(T0);

        assertThat(places()).isEqualTo(new Places(2, 1));
    }

    @Test
    void countsEachPlaceUpToTheBoundAndNoFurther() {
        copies(inRow(T0), BoundedCounts.UP_TO + 5);
        copies(inObjectStore(T0), BoundedCounts.UP_TO + 5);

        assertThat(places()).isEqualTo(new Places(BoundedCounts.UP_TO, BoundedCounts.UP_TO));
    }

    private Places places() {
        return session.call(PayloadMovePort::places);
    }

    private InboxEntryFixture inRow(Instant receivedAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(receivedAt);
        insert(entry.build());
        return entry;
    }

    private InboxEntryFixture inObjectStore(Instant receivedAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(receivedAt);
        insert(entry.buildInObjectStore());
        return entry;
    }

    /** A row whose payload retention purged: it holds no ciphertext and names no object. */
    private void purged(Instant receivedAt) {
        InboxEntryFixture entry = inRow(receivedAt);
        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL, payload_object = NULL"
                + " WHERE inbox_id = ?", entry.inboxId());
    }

    private void insert(NewInboxEvent entry) {
        inbox(ports -> ports.inbox().insertIfAbsent(entry));
    }

    /** Work on the inbox in a transaction of its own, as ingest and the workers do. */
    private void inbox(Consumer<InboxPorts> work) {
        try (StoreSession<InboxPorts> inbox = database.session(PostgresInboxAdapterTest::inboxPorts)) {
            inbox.run(work);
        }
    }

    /** {@code count} rows like {@code model} but for their own ids and event ids. */
    private void copies(InboxEntryFixture model, int count) {
        database.execute("""
                INSERT INTO webhook_inbox
                SELECT (jsonb_populate_record(w, jsonb_build_object('inbox_id', gen_random_uuid(),
                    'provider_event_id', w.provider_event_id || '_copy_' || g))).*
                FROM webhook_inbox w, generate_series(1, ?) g WHERE w.inbox_id = ?""", count, model.inboxId());
    }

    private <T> T column(String name, Class<T> type, InboxEntryFixture entry) {
        return database.value("SELECT " + name + " FROM webhook_inbox WHERE inbox_id = ?", type, entry.inboxId());
    }

    private static InObjectStore named(InboxEntryFixture entry) {
        return new InObjectStore(entry.inboxId(), entry.payloadObject(), InboxEntryFixture.KEY_ID);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).as("the other transaction got there").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
