package io.tambat.adapter.out.persistence.secrets;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import io.tambat.domain.port.out.secrets.UnkeyedDigestsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Unkeyed payload digests re-keyed on PostgreSQL. The inbox is walked along its primary key up to the highest id
 * it held when the walk began, the walk's progress kept in the one row of {@code payload_digest_rekey}, which a
 * batch takes {@code FOR UPDATE SKIP LOCKED}: one instance walks at a time, and a batch rolled back leaves the
 * walk where it was. The replay window's records are few (retention keeps no more than the longest window), so
 * they are found by their column alone.
 */
@ApplicationScoped
class PostgresUnkeyedDigestsAdapter implements UnkeyedDigestsPort {

    /** Sorts before every inbox id: PostgreSQL orders uuids by their bytes. */
    private static final UUID BEFORE_EVERY_ID = new UUID(0, 0);

    /** No row while another transaction holds the walk, or once it is finished. */
    private static final NumberedStatement TAKE_WALK = NumberedStatement.of("""
            SELECT CAST(scanned_through AS text), CAST(scan_until AS text) FROM payload_digest_rekey
            WHERE finished_at IS NULL
            FOR UPDATE SKIP LOCKED""");

    /** Along the primary key's index; PostgreSQL has no max() of uuids. */
    private static final NumberedStatement HIGHEST_INBOX_ID = NumberedStatement.of(
            "SELECT CAST(inbox_id AS text) FROM webhook_inbox ORDER BY inbox_id DESC LIMIT 1");

    private static final NumberedStatement NEXT_ROWS = NumberedStatement.of("""
            SELECT CAST(inbox_id AS text), payload_sha256 FROM webhook_inbox
            WHERE inbox_id > CAST(?1 AS uuid) AND inbox_id <= CAST(?2 AS uuid)
            ORDER BY inbox_id
            LIMIT ?3""");

    /** One statement for the whole batch: each array holds one column, row by row. */
    private static final NumberedStatement REKEY_ROWS = NumberedStatement.of("""
            UPDATE webhook_inbox SET payload_digest = keyed.digest, payload_sha256 = NULL
            FROM unnest(CAST(CAST(?1 AS text[]) AS uuid[]), CAST(?2 AS bytea[])) AS keyed(inbox_id, digest)
            WHERE webhook_inbox.inbox_id = keyed.inbox_id AND webhook_inbox.payload_sha256 IS NOT NULL""");

    private static final NumberedStatement UNKEYED_RECORDS = NumberedStatement.of("""
            SELECT endpoint_id, payload_sha256 FROM webhook_body_seen WHERE payload_sha256 IS NOT NULL LIMIT ?1""");

    /**
     * Replaces each unkeyed record by its keyed form, keeping its inbox id and time. A keyed record of the same
     * body on the endpoint is always the later one (it is written only once the unkeyed one has left the replay
     * window; within it, the unkeyed one is found and nothing is recorded), so it stays, and the unkeyed one goes.
     */
    private static final NumberedStatement REKEY_RECORDS = NumberedStatement.of("""
            WITH keyed AS (
                SELECT * FROM unnest(CAST(?1 AS text[]), CAST(?2 AS bytea[]), CAST(?3 AS bytea[]))
                    AS keyed(endpoint_id, payload_sha256, payload_digest)),
            unkeyed AS (
                DELETE FROM webhook_body_seen seen USING keyed
                WHERE seen.endpoint_id = keyed.endpoint_id AND seen.payload_sha256 = keyed.payload_sha256
                RETURNING seen.endpoint_id, keyed.payload_digest, seen.inbox_id, seen.seen_at)
            INSERT INTO webhook_body_seen (endpoint_id, payload_digest, inbox_id, seen_at)
            SELECT endpoint_id, payload_digest, inbox_id, seen_at FROM unkeyed
            ON CONFLICT (endpoint_id, payload_digest) DO NOTHING""");

    /** {@code ?1}: the last inbox id walked, NULL when the batch walked none; {@code ?3}: whether it is over. */
    private static final NumberedStatement ADVANCE = NumberedStatement.of("""
            UPDATE payload_digest_rekey
            SET scanned_through = COALESCE(CAST(?1 AS uuid), scanned_through), scan_until = CAST(?2 AS uuid),
                finished_at = CASE WHEN ?3 THEN now() END""");

    private static final String FINISHED = """
            SELECT EXISTS (SELECT 1 FROM payload_digest_rekey WHERE finished_at IS NOT NULL)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Inject
    PayloadDigestPort digests;

    @Override
    public int rekeyBatch(int max) {
        return StorageCalls.call("unkeyed digest re-key", () -> {
            List<Walk> taken = EnlistedConnection.query(em, TAKE_WALK,
                    row -> new Walk(uuid(row.getString(1)), uuid(row.getString(2))));
            if (taken.isEmpty()) {
                return 0;
            }
            Walk walk = taken.get(0);
            // Fixed by the first batch, not by the migration: instances of the release before, which may still
            // have been writing unkeyed rows when it ran, are gone before any batch runs.
            Optional<UUID> until = walk.scanUntil().or(this::highestInboxId);
            List<WalkedRow> walked = until.map(last -> nextRows(walk.scannedThrough().orElse(BEFORE_EVERY_ID), last,
                    max)).orElse(List.of());
            rekeyRows(walked.stream().filter(row -> row.sha256() != null).toList());
            List<UnkeyedRecord> records = EnlistedConnection.query(em, UNKEYED_RECORDS,
                    row -> new UnkeyedRecord(row.getString(1), row.getBytes(2)), max);
            rekeyRecords(records);
            // Fewer than asked for: the walk reached its end, and every unkeyed record was taken.
            boolean finished = walked.size() < max && records.size() < max;
            EnlistedConnection.update(em, ADVANCE,
                    walked.isEmpty() ? null : walked.get(walked.size() - 1).inboxId().toString(),
                    until.map(UUID::toString).orElse(null), finished);
            return walked.size() + records.size();
        });
    }

    @Override
    public boolean finished() {
        return StorageCalls.call("unkeyed digest re-key progress",
                () -> NativeResults.value(em.createNativeQuery(FINISHED), value -> (Boolean) value));
    }

    /** Empty when the inbox holds no row. */
    private Optional<UUID> highestInboxId() {
        return EnlistedConnection.query(em, HIGHEST_INBOX_ID, row -> UUID.fromString(row.getString(1))).stream()
                .findFirst();
    }

    private List<WalkedRow> nextRows(UUID after, UUID until, int max) {
        return EnlistedConnection.query(em, NEXT_ROWS,
                row -> new WalkedRow(UUID.fromString(row.getString(1)), row.getBytes(2)),
                after.toString(), until.toString(), max);
    }

    private void rekeyRows(List<WalkedRow> unkeyed) {
        if (unkeyed.isEmpty()) {
            return;
        }
        EnlistedConnection.update(em, REKEY_ROWS.sql(), (connection, statement) -> REKEY_ROWS.bind(statement,
                EnlistedConnection.texts(connection, unkeyed.stream().map(row -> row.inboxId().toString()).toList()),
                EnlistedConnection.bytes(connection, unkeyed.stream().map(row -> keyed(row.sha256())).toList())));
    }

    private void rekeyRecords(List<UnkeyedRecord> unkeyed) {
        if (unkeyed.isEmpty()) {
            return;
        }
        EnlistedConnection.update(em, REKEY_RECORDS.sql(), (connection, statement) -> REKEY_RECORDS.bind(statement,
                EnlistedConnection.texts(connection, unkeyed.stream().map(UnkeyedRecord::endpointId).toList()),
                EnlistedConnection.bytes(connection, unkeyed.stream().map(UnkeyedRecord::sha256).toList()),
                EnlistedConnection.bytes(connection, unkeyed.stream().map(record -> keyed(record.sha256()))
                        .toList())));
    }

    private byte[] keyed(byte[] sha256) {
        return digests.storedForSha256(sha256);
    }

    private static Optional<UUID> uuid(String text) {
        return Optional.ofNullable(text).map(UUID::fromString);
    }

    /** How far the walk has come, and where it ends; both empty before its first batch. */
    private record Walk(Optional<UUID> scannedThrough, Optional<UUID> scanUntil) {
    }

    /** An inbox row the walk passed; {@code sha256} is null unless the row holds an unkeyed digest. */
    private record WalkedRow(UUID inboxId, byte[] sha256) {
    }

    /** A replay window's record of a body by its unkeyed digest. */
    private record UnkeyedRecord(String endpointId, byte[] sha256) {
    }
}
