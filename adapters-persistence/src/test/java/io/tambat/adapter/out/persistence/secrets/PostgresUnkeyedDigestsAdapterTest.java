package io.tambat.adapter.out.persistence.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.crypto.HmacPayloadDigests;
import io.tambat.adapter.out.crypto.PayloadKeyRing;
import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxAdapters;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxAdapter;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Re-keying the digests stored before digests were keyed, on PostgreSQL, through
 * {@link PostgresUnkeyedDigestsAdapter}: what the walk rewrites, what the replay window still recognises after
 * it, and that one caller at a time walks.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresUnkeyedDigestsAdapterTest {

    private static final PayloadDigestPort DIGESTS = new HmacPayloadDigests(
            PayloadKeyRing.parse("k1:" + Base64.getEncoder().encodeToString(new byte[32])));
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration REPLAY_WINDOW = Duration.ofHours(1);

    private final ContractDatabase database;
    private final StoreSession<PostgresUnkeyedDigestsAdapter> rekey;
    private final StoreSession<PostgresInboxAdapter> inbox;

    PostgresUnkeyedDigestsAdapterTest(ContractDatabase database) {
        this.database = database;
        rekey = session(database);
        inbox = database.session(em -> {
            PostgresInboxAdapter adapter = InboxAdapters.inbox(em);
            return adapter;
        });
    }

    /** Emptying the tables before each test took the row of the walk's progress that the migration wrote. */
    @BeforeEach
    void walkNotBegun() {
        database.execute("INSERT INTO payload_digest_rekey DEFAULT VALUES");
    }

    @AfterEach
    void closeSessions() {
        rekey.close();
        inbox.close();
    }

    @Test
    void rekeysEveryUnkeyedRowAndRecordSoThatTheReplayWindowStillRecognisesTheBody() {
        List<InboxEntryFixture> before = IntStream.range(0, 5)
                .mapToObj(i -> storedUnkeyed(InboxEntryFixture.valid(NOW.minus(Duration.ofDays(1))))).toList();
        InboxEntryFixture since = InboxEntryFixture.valid(NOW.minusSeconds(90));
        inbox.run(adapter -> adapter.insertIfAbsent(since.build()));
        InboxEntryFixture seen = before.get(0);
        recordUnkeyed(seen, NOW.minusSeconds(60));
        InboxEntryFixture seenLongAgo = before.get(1);
        recordUnkeyed(seenLongAgo, NOW.minus(Duration.ofHours(2)));
        // Accepted again once the unkeyed record had left the window: recorded anew under its keyed digest.
        UUID seenAgain = UUID.randomUUID();
        database.execute("INSERT INTO webhook_body_seen (endpoint_id, payload_digest, inbox_id, seen_at) "
                + "VALUES ('shop', ?, ?, ?)", keyed(seenLongAgo), seenAgain, Timestamp.from(NOW.minusSeconds(30)));

        rekeyUntilNothingIsLeft(2);

        assertThat(database.value("SELECT count(*) FROM webhook_inbox WHERE payload_sha256 IS NOT NULL", Long.class))
                .isZero();
        assertThat(database.value("SELECT count(*) FROM webhook_body_seen WHERE payload_sha256 IS NOT NULL",
                Long.class)).isZero();
        for (InboxEntryFixture row : before) {
            assertThat(storedDigest(row)).as("as the body would be stored now").isEqualTo(keyed(row));
        }
        assertThat(storedDigest(since)).as("a row stored with a keyed digest is left as it was")
                .isEqualTo(since.keyedDigest());
        assertThat(database.column("SELECT inbox_id FROM webhook_body_seen WHERE payload_digest = ?", UUID.class,
                keyed(seen))).containsExactly(seen.inboxId());
        assertThat(database.value("SELECT seen_at FROM webhook_body_seen WHERE payload_digest = ?",
                OffsetDateTime.class, keyed(seen)).toInstant()).isEqualTo(NOW.minusSeconds(60));
        assertThat(database.column("SELECT inbox_id FROM webhook_body_seen WHERE payload_digest = ?", UUID.class,
                keyed(seenLongAgo))).as("the later record stands for both").containsExactly(seenAgain);

        InboxEntryFixture replay = InboxEntryFixture.valid(NOW).withBodyOf(seen);
        Optional<UUID> replayed = inbox.call(adapter -> {
            adapter.insertIfAbsent(replay.buildDigestedBy(DIGESTS));
            return adapter.recordBodyUnlessSeen(replay.buildDigestedBy(DIGESTS), NOW.minus(REPLAY_WINDOW));
        });
        assertThat(replayed).contains(seen.inboxId());
    }

    @Test
    void aFinishedWalkStaysFinishedAndWalksNothingAgain() {
        storedUnkeyed(InboxEntryFixture.valid(NOW));
        rekeyUntilNothingIsLeft(10);
        assertThat(rekey.<Boolean>call(PostgresUnkeyedDigestsAdapter::finished)).isTrue();
        assertThat(database.value("SELECT finished_at IS NOT NULL FROM payload_digest_rekey", Boolean.class))
                .isTrue();

        InboxEntryFixture after = storedUnkeyed(InboxEntryFixture.valid(NOW));
        assertThat(rekey.<Integer>call(adapter -> adapter.rekeyBatch(10))).isZero();
        assertThat(rekey.<Boolean>call(PostgresUnkeyedDigestsAdapter::finished)).isTrue();
        assertThat(storedDigest(after)).as("never looked at: no row is stored unkeyed once the walk began").isNull();
    }

    @Test
    void anInboxHoldingNothingUnkeyedIsFinishedAtTheFirstBatch() {
        InboxEntryFixture keyedOnly = InboxEntryFixture.valid(NOW);
        inbox.run(adapter -> adapter.insertIfAbsent(keyedOnly.build()));

        assertThat(rekey.<Integer>call(adapter -> adapter.rekeyBatch(10))).isEqualTo(1);

        assertThat(rekey.<Boolean>call(PostgresUnkeyedDigestsAdapter::finished)).isTrue();
        assertThat(storedDigest(keyedOnly)).isEqualTo(keyedOnly.keyedDigest());
    }

    @Test
    void aWalkHeldByAnotherTransactionIsLeftAloneWithoutWaiting() {
        storedUnkeyed(InboxEntryFixture.valid(NOW));
        storedUnkeyed(InboxEntryFixture.valid(NOW));

        try (StoreSession<PostgresUnkeyedDigestsAdapter> other = session(database)) {
            int whileHeld = rekey.call(adapter -> {
                assertThat(adapter.rekeyBatch(1)).isEqualTo(1);
                return other.call(otherAdapter -> otherAdapter.rekeyBatch(10));
            });
            assertThat(whileHeld).isZero();
            assertThat(unkeyedRows()).as("the other caller touched nothing").isEqualTo(1);
            assertThat(other.<Boolean>call(PostgresUnkeyedDigestsAdapter::finished)).isFalse();

            assertThat(other.<Integer>call(adapter -> adapter.rekeyBatch(10))).as("it goes on where the walk stood")
                    .isEqualTo(1);
        }
        assertThat(unkeyedRows()).isZero();
    }

    private static StoreSession<PostgresUnkeyedDigestsAdapter> session(ContractDatabase database) {
        return database.session(em -> {
            PostgresUnkeyedDigestsAdapter adapter = new PostgresUnkeyedDigestsAdapter();
            adapter.em = em;
            adapter.digests = DIGESTS;
            return adapter;
        });
    }

    /** Runs batches of {@code max} until one walks nothing; the walk must end well before 50 of them. */
    private void rekeyUntilNothingIsLeft(int max) {
        for (int batch = 0; batch < 50; batch++) {
            if (rekey.<Integer>call(adapter -> adapter.rekeyBatch(max)) == 0) {
                return;
            }
        }
        throw new AssertionError("the walk did not end");
    }

    /** The entry stored as the release before keyed digests stored it: with its body's SHA-256 alone. */
    private InboxEntryFixture storedUnkeyed(InboxEntryFixture entry) {
        inbox.run(adapter -> adapter.insertIfAbsent(entry.build()));
        database.execute("UPDATE webhook_inbox SET payload_sha256 = ?, payload_digest = NULL WHERE inbox_id = ?",
                entry.bodySha256(), entry.inboxId());
        return entry;
    }

    /** The entry's body recorded in the replay window as the release before recorded it, by its SHA-256. */
    private void recordUnkeyed(InboxEntryFixture entry, Instant seenAt) {
        database.execute("INSERT INTO webhook_body_seen (endpoint_id, payload_sha256, inbox_id, seen_at) "
                + "VALUES ('shop', ?, ?, ?)", entry.bodySha256(), entry.inboxId(), Timestamp.from(seenAt));
    }

    private byte[] storedDigest(InboxEntryFixture entry) {
        return database.value("SELECT payload_digest FROM webhook_inbox WHERE inbox_id = ?", byte[].class,
                entry.inboxId());
    }

    private long unkeyedRows() {
        return database.value("SELECT count(*) FROM webhook_inbox WHERE payload_sha256 IS NOT NULL", Long.class);
    }

    private static byte[] keyed(InboxEntryFixture entry) {
        return DIGESTS.of(entry.body().getBytes(StandardCharsets.UTF_8)).stored();
    }
}
