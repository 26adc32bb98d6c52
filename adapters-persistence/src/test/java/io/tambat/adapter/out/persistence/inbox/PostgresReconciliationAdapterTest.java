package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.inbox.InboxPortContract.InboxPorts;
import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reconciliation on PostgreSQL: each kind of discrepancy found from the rows as a failure would leave them, the
 * tally per endpoint, and nothing outside the range or not yet late.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresReconciliationAdapterTest extends SessionContract<PostgresReconciliationAdapterTest.Ports> {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant NOW = T0.plus(Duration.ofHours(1));
    private static final Duration LATE_AFTER = Duration.ofMinutes(5);

    private final ContractDatabase database;

    PostgresReconciliationAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    /** The inbox that ingress writes to, and the reconciliation that reads it, on one EntityManager. */
    record Ports(InboxPorts inbox, ReconciliationPort reconciliation) {
    }

    @Override
    protected StoreSession<Ports> openSession() {
        return database.session(em -> {
            PostgresReconciliationAdapter reconciliation = new PostgresReconciliationAdapter();
            reconciliation.em = em;
            return new Ports(PostgresInboxAdapterTest.inboxPorts(em), reconciliation);
        });
    }

    @Test
    void namesEachRowThatDisagreesAndTalliesEveryEndpoint() {
        UUID stalled = received(T0);
        UUID waiting = received(T0.plusSeconds(10));
        database.execute("UPDATE webhook_inbox SET next_attempt_at = ? WHERE inbox_id = ?",
                Timestamp.from(NOW.plusSeconds(60)), waiting);
        UUID recorded = processed(T0.plusSeconds(20));
        UUID unrecorded = processed(T0.plusSeconds(30));
        database.execute("DELETE FROM processed_event WHERE inbox_id = ?", unrecorded);
        UUID outOfRange = received(T0.minusSeconds(60));

        ReconciliationReport report = session.call(ports -> ports.reconciliation().reconcile(new ReconciliationQuery(T0,
                NOW, NOW, LATE_AFTER, T0, 10)));

        assertThat(ids(report, Discrepancy.STALLED)).containsExactly(stalled);
        assertThat(ids(report, Discrepancy.PROCESSED_WITHOUT_MUTATION)).containsExactly(unrecorded);
        assertThat(report.total()).isEqualTo(2);
        assertThat(report.endpoints()).containsExactly(new ReconciliationReport.EndpointTally(
                InboxEntryFixture.PROVIDER, "shop", 4, 2, 0, 2));
        assertThat(report.discrepancies().values()).noneMatch(found -> found.inboxIds().contains(outOfRange));
    }

    @Test
    void countsEveryDiscrepancyButNamesOnlyTheFirstIdsOldestFirst() {
        UUID first = received(T0);
        received(T0.plusSeconds(1));
        received(T0.plusSeconds(2));

        ReconciliationReport report = session.call(ports -> ports.reconciliation().reconcile(new ReconciliationQuery(T0,
                NOW, NOW, LATE_AFTER, T0, 1)));

        assertThat(report.discrepancies().get(Discrepancy.STALLED).count()).isEqualTo(3);
        assertThat(ids(report, Discrepancy.STALLED)).containsExactly(first);
    }

    @Test
    void expectsNoRecordOfEventsProcessedBeforeRecordsAreKept() {
        UUID old = processed(T0);
        database.execute("DELETE FROM processed_event WHERE inbox_id = ?", old);

        ReconciliationReport report = session.call(ports -> ports.reconciliation().reconcile(new ReconciliationQuery(T0,
                NOW, NOW, LATE_AFTER, T0.plusSeconds(1), 10)));

        assertThat(report.total()).isZero();
    }

    private UUID received(Instant at) {
        InboxEntryFixture entry = InboxEntryFixture.valid(at);
        session.run(ports -> ports.inbox().inbox().insertIfAbsent(entry.build()));
        return entry.inboxId();
    }

    /** Processed as a worker would: the row PROCESSED and its processed-event record, in one transaction. */
    private UUID processed(Instant at) {
        UUID inboxId = received(at);
        database.execute("UPDATE webhook_inbox SET status = 'PROCESSED' WHERE inbox_id = ?", inboxId);
        database.execute("INSERT INTO processed_event (provider, endpoint_id, provider_event_id, inbox_id, processed_at)"
                + " SELECT provider, endpoint_id, provider_event_id, inbox_id, received_at FROM webhook_inbox"
                + " WHERE inbox_id = ?", inboxId);
        return inboxId;
    }

    private static List<UUID> ids(ReconciliationReport report, Discrepancy kind) {
        return report.discrepancies().get(kind).inboxIds();
    }
}
