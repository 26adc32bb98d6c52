package io.tambat.adapter.out.persistence.forwarding;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Destinations' answers in {@code forward_destination_health}: a row while failures are on record. */
@ApplicationScoped
class PostgresDestinationHealthAdapter implements DestinationHealthPort {

    /** Read through the query layer, so that a gauge can read it outside any transaction. */
    private static final String ALL = """
            SELECT destination_id, consecutive_failures, failed_probes, last_error, last_failure_at
            FROM forward_destination_health ORDER BY destination_id""";

    private static final NumberedStatement FAILED = NumberedStatement.of("""
            INSERT INTO forward_destination_health AS h (destination_id, consecutive_failures, last_error,
                last_failure_at)
            VALUES (?1, 1, ?2, ?3)
            ON CONFLICT (destination_id) DO UPDATE SET consecutive_failures = h.consecutive_failures + 1,
                failed_probes = h.failed_probes + CASE WHEN h.probe_until IS NULL THEN 0 ELSE 1 END,
                last_error = EXCLUDED.last_error, last_failure_at = EXCLUDED.last_failure_at, probe_until = NULL
            RETURNING consecutive_failures, failed_probes, last_error, last_failure_at""");

    private static final NumberedStatement PROBE_NO_SOONER = NumberedStatement.of(
            "UPDATE forward_destination_health SET next_probe_at = ?2 WHERE destination_id = ?1");

    /** Deleting the row is clearing it: its absence says every attempt was answered. */
    private static final NumberedStatement ANSWERED = NumberedStatement.of(
            "DELETE FROM forward_destination_health WHERE destination_id = ?1");

    private static final NumberedStatement CLAIM_PROBE = NumberedStatement.of("""
            UPDATE forward_destination_health SET probe_until = ?3
            WHERE destination_id = ?1 AND (next_probe_at IS NULL OR next_probe_at <= ?2)
                AND (probe_until IS NULL OR probe_until <= ?2)""");

    private static final NumberedStatement RELEASE_PROBE = NumberedStatement.of(
            "UPDATE forward_destination_health SET probe_until = NULL WHERE destination_id = ?1");

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Map<String, DestinationAnswers> all() {
        List<Map.Entry<String, DestinationAnswers>> rows = StorageCalls.call("destination health",
                () -> NativeResults.rows(em.createNativeQuery(ALL), row -> Map.entry((String) row[0], answers(row, 1))));
        Map<String, DestinationAnswers> all = new LinkedHashMap<>();
        rows.forEach(row -> all.put(row.getKey(), row.getValue()));
        return all;
    }

    @Override
    public DestinationAnswers failed(String destinationId, String redactedError, Instant at) {
        return StorageCalls.call("destination failure", () -> EnlistedConnection.query(em, FAILED,
                EnlistedConnection.columnsTo(row -> answers(row, 0)), destinationId, redactedError,
                Timestamp.from(at)).get(0));
    }

    /** The answers in a row's columns from {@code first} on. */
    private static DestinationAnswers answers(Object[] row, int first) {
        return new DestinationAnswers(ColumnValues.integer(row[first]), ColumnValues.integer(row[first + 1]),
                ColumnValues.optionalText(row[first + 2]), ColumnValues.optionalInstant(row[first + 3]));
    }

    @Override
    public void probeNoSooner(String destinationId, Instant at) {
        StorageCalls.call("destination probe wait", () -> EnlistedConnection.update(em, PROBE_NO_SOONER,
                destinationId, Timestamp.from(at)));
    }

    @Override
    public void answered(String destinationId) {
        StorageCalls.call("destination answered", () -> EnlistedConnection.update(em, ANSWERED, destinationId));
    }

    @Override
    public boolean claimProbe(String destinationId, Instant now, Instant until) {
        return StorageCalls.call("destination probe", () -> EnlistedConnection.update(em, CLAIM_PROBE,
                destinationId, Timestamp.from(now), Timestamp.from(until))) == 1;
    }

    @Override
    public void releaseProbe(String destinationId) {
        StorageCalls.call("destination probe release", () -> EnlistedConnection.update(em, RELEASE_PROBE,
                destinationId));
    }
}
