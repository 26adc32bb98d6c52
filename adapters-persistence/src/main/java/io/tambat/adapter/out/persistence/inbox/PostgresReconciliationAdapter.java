package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reconciliation on PostgreSQL, one statement per figure. Every statement takes the same values: {@code ?1} and
 * {@code ?2} the range of {@code received_at}, {@code ?3} the instant before which due work is late, {@code ?4}
 * since when processed-event records are kept, {@code ?5} how many ids to name. A discrepancy's ids come oldest
 * first with the full count beside each ({@code count(*) OVER ()}, taken before the limit).
 */
@ApplicationScoped
class PostgresReconciliationAdapter implements ReconciliationPort {

    private static final NumberedStatement TALLY = NumberedStatement.of("""
            SELECT i.provider, i.endpoint_id, count(*), count(*) FILTER (WHERE i.status = 'PROCESSED'),
                count(*) FILTER (WHERE i.status = 'FAILED'), count(*) FILTER (WHERE i.status = 'RECEIVED')
            FROM webhook_inbox i
            WHERE i.received_at >= CAST(?1 AS timestamptz) AND i.received_at < CAST(?2 AS timestamptz)
            GROUP BY 1, 2 ORDER BY 1, 2""");

    /** The distinct inbox ids each discrepancy finds, oldest first, at most {@code ?5}, each with the full count. */
    private static final Map<Discrepancy, NumberedStatement> FIND = new EnumMap<>(Map.of(
            Discrepancy.STALLED, NumberedStatement.of("""
                    SELECT CAST(inbox_id AS text), count(*) OVER () FROM (
                        SELECT DISTINCT i.inbox_id, i.received_at
                        FROM webhook_inbox i
                        WHERE i.received_at >= CAST(?1 AS timestamptz) AND i.received_at < CAST(?2 AS timestamptz)
                          AND i.status = 'RECEIVED'
                          AND COALESCE(i.lease_until, i.next_attempt_at) < CAST(?3 AS timestamptz)) AS found
                    ORDER BY received_at, inbox_id LIMIT ?5"""),
            Discrepancy.PROCESSED_WITHOUT_MUTATION, NumberedStatement.of("""
                    SELECT CAST(inbox_id AS text), count(*) OVER () FROM (
                        SELECT DISTINCT i.inbox_id, i.received_at
                        FROM webhook_inbox i
                        WHERE i.received_at >= CAST(?1 AS timestamptz) AND i.received_at < CAST(?2 AS timestamptz)
                          AND i.status = 'PROCESSED' AND i.received_at >= CAST(?4 AS timestamptz)
                          AND NOT EXISTS (SELECT 1 FROM processed_event p
                                          WHERE p.provider = i.provider AND p.endpoint_id = i.endpoint_id
                                            AND p.provider_event_id = i.provider_event_id)) AS found
                    ORDER BY received_at, inbox_id LIMIT ?5""")));

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public ReconciliationReport reconcile(ReconciliationQuery query) {
        return StorageCalls.call("reconciliation", () -> {
            Object[] values = values(query);
            List<ReconciliationReport.EndpointTally> endpoints = EnlistedConnection.query(em, TALLY,
                    row -> new ReconciliationReport.EndpointTally(row.getString(1), row.getString(2), row.getLong(3),
                            row.getLong(4), row.getLong(5), row.getLong(6)), values);
            Map<Discrepancy, ReconciliationReport.Found> found = new EnumMap<>(Discrepancy.class);
            FIND.forEach((kind, statement) -> found.put(kind, found(statement, values)));
            return new ReconciliationReport(query, endpoints, found);
        });
    }

    private ReconciliationReport.Found found(NumberedStatement statement, Object[] values) {
        long[] count = {0};
        List<UUID> ids = new ArrayList<>();
        EnlistedConnection.query(em, statement, row -> {
            ids.add(UUID.fromString(row.getString(1)));
            count[0] = row.getLong(2);
            return null;
        }, values);
        return new ReconciliationReport.Found(count[0], ids);
    }

    private static Object[] values(ReconciliationQuery query) {
        return new Object[] {Timestamp.from(query.from()), Timestamp.from(query.to()),
            Timestamp.from(query.lateBefore()), Timestamp.from(query.recordsKeptSince()), query.maxIds()};
    }
}
