package io.tambat.adapter.out.persistence.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.operator.OperatorAuditPort;
import java.sql.Connection;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operator audit trail on PostgreSQL: recorded, counted batch by batch, ended once, found by id, listed newest
 * first.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOperatorAuditAdapterTest extends SessionContract<OperatorAuditPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Operator OPERATOR = new Operator("ops@example.com");

    private final ContractDatabase database;

    PostgresOperatorAuditAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<OperatorAuditPort> openSession() {
        return database.session(em -> {
            PostgresOperatorAuditAdapter audit = new PostgresOperatorAuditAdapter();
            audit.em = em;
            return audit;
        });
    }

    @Test
    void keepsABulkActionsSelectionAndTheCountOfEachBatchThatCommitted() {
        UUID bulk = UUID.randomUUID();
        Map<String, String> filter = Map.of("provider", "stripe", "received_from", "2026-03-01T10:00:00Z");
        session.run(audit -> audit.record(OperatorAction.bulk(bulk, OPERATOR, OperatorAction.Kind.INBOX_REPLAY,
                filter, NOW)));
        session.run(audit -> audit.addCount(bulk, 500, NOW.plusSeconds(1)));
        session.run(audit -> audit.addCount(bulk, 3, NOW.plusSeconds(2)));
        try {
            session.run(audit -> {
                audit.addCount(bulk, 1000, NOW.plusSeconds(3));
                throw new IllegalStateException("the batch rolled back");
            });
        } catch (IllegalStateException expected) {
            // its count went with it
        }

        List<OperatorAction> recent = session.call(audit -> audit.recent(Optional.empty(), 10));

        assertThat(recent).singleElement().satisfies(action -> {
            assertThat(action.actionId()).isEqualTo(bulk);
            assertThat(action.actor()).isEqualTo(OPERATOR.name());
            assertThat(action.kind()).isEqualTo(OperatorAction.Kind.INBOX_REPLAY);
            assertThat(action.target()).isEmpty();
            assertThat(action.filter()).isEqualTo(filter);
            assertThat(action.count()).isEqualTo(503);
            assertThat(action.at()).isEqualTo(NOW);
        });
    }

    @Test
    void findsABulkActionWithItsCountAndWhenItsLastCommittedBatchMadeProgress() {
        UUID bulk = UUID.randomUUID();
        Map<String, String> filter = Map.of("destination", "billing");
        session.run(audit -> audit.record(OperatorAction.bulk(bulk, OPERATOR,
                OperatorAction.Kind.DESTINATION_BULK_REDRIVE, filter, NOW)));
        session.run(audit -> audit.addCount(bulk, 500, NOW.plusSeconds(1)));
        session.run(audit -> audit.addCount(bulk, 3, NOW.plusSeconds(2)));
        try {
            session.run(audit -> {
                audit.addCount(bulk, 1000, NOW.plusSeconds(3));
                throw new IllegalStateException("the batch rolled back");
            });
        } catch (IllegalStateException expected) {
            // its progress went with it
        }

        Optional<ActionProgress> found = session.call(audit -> audit.find(bulk));

        assertThat(found).hasValueSatisfying(progress -> {
            assertThat(progress.action().actionId()).isEqualTo(bulk);
            assertThat(progress.action().kind()).isEqualTo(OperatorAction.Kind.DESTINATION_BULK_REDRIVE);
            assertThat(progress.action().filter()).isEqualTo(filter);
            assertThat(progress.action().count()).isEqualTo(503);
            assertThat(progress.action().at()).isEqualTo(NOW);
            assertThat(progress.progressedAt()).contains(NOW.plusSeconds(2));
            assertThat(progress.endedAt()).isEmpty();
            assertThat(progress.failure()).isEmpty();
        });
    }

    @Test
    void keepsTheFirstEndOfAnActionThatCompleted() {
        UUID bulk = UUID.randomUUID();
        session.run(audit -> audit.record(OperatorAction.bulk(bulk, OPERATOR, OperatorAction.Kind.INBOX_BULK_REDRIVE,
                Map.of("provider", "stripe"), NOW)));
        session.run(audit -> audit.addCount(bulk, 20, NOW.plusSeconds(1)));
        session.run(audit -> audit.ended(bulk, NOW.plusSeconds(2), Optional.empty()));
        session.run(audit -> audit.ended(bulk, NOW.plusSeconds(3), Optional.of("StoreUnavailableException")));

        Optional<ActionProgress> found = session.call(audit -> audit.find(bulk));

        assertThat(found).hasValueSatisfying(progress -> {
            assertThat(progress.action().count()).isEqualTo(20);
            assertThat(progress.progressedAt()).contains(NOW.plusSeconds(1));
            assertThat(progress.endedAt()).contains(NOW.plusSeconds(2));
            assertThat(progress.failure()).isEmpty();
        });
    }

    @Test
    void keepsTheFirstEndOfAnActionThatFailedWithItsReason() {
        UUID bulk = UUID.randomUUID();
        session.run(audit -> audit.record(OperatorAction.bulk(bulk, OPERATOR, OperatorAction.Kind.DESTINATION_REPLAY,
                Map.of("destination", "billing"), NOW)));
        session.run(audit -> audit.ended(bulk, NOW.plusSeconds(2), Optional.of("StoreUnavailableException")));
        session.run(audit -> audit.ended(bulk, NOW.plusSeconds(3), Optional.empty()));

        Optional<ActionProgress> found = session.call(audit -> audit.find(bulk));

        assertThat(found).hasValueSatisfying(progress -> {
            assertThat(progress.action().count()).isZero();
            assertThat(progress.progressedAt()).isEmpty();
            assertThat(progress.endedAt()).contains(NOW.plusSeconds(2));
            assertThat(progress.failure()).contains("StoreUnavailableException");
        });
    }

    @Test
    void findsNoActionForAnUnknownId() {
        session.run(audit -> audit.record(OperatorAction.bulk(UUID.randomUUID(), OPERATOR,
                OperatorAction.Kind.INBOX_REPLAY, Map.of(), NOW)));

        assertThat(session.<Optional<ActionProgress>>call(audit -> audit.find(UUID.randomUUID()))).isEmpty();
    }

    @Test
    void findsAnActionOnOneItemWithNoProgressToTell() {
        OperatorAction single = OperatorAction.single(UUID.randomUUID(), OPERATOR,
                OperatorAction.Kind.FORWARD_DELIVERY_REDRIVE, "42", true, NOW);
        session.run(audit -> audit.record(single));

        Optional<ActionProgress> found = session.call(audit -> audit.find(single.actionId()));

        assertThat(found).hasValueSatisfying(progress -> {
            assertThat(progress.action()).isEqualTo(single);
            assertThat(progress.progressedAt()).isEmpty();
            assertThat(progress.endedAt()).isEmpty();
            assertThat(progress.failure()).isEmpty();
        });
    }

    @Test
    void listsNewestFirstOfOneKindOrOfAll() {
        session.run(audit -> {
            audit.record(OperatorAction.single(UUID.randomUUID(), OPERATOR, OperatorAction.Kind.SECRET_ADD, "shop/v2",
                    true, NOW));
            audit.record(OperatorAction.single(UUID.randomUUID(), OPERATOR, OperatorAction.Kind.INBOX_REDRIVE,
                    "0191e4c2-0000-7000-8000-000000000001", false, NOW.plusSeconds(1)));
            audit.record(OperatorAction.single(UUID.randomUUID(), OPERATOR, OperatorAction.Kind.SECRET_RETIRE,
                    "shop/v1", true, NOW.plusSeconds(2)));
        });

        assertThat(session.<List<OperatorAction>>call(audit -> audit.recent(Optional.empty(), 2))).extracting(OperatorAction::kind)
                .containsExactly(OperatorAction.Kind.SECRET_RETIRE, OperatorAction.Kind.INBOX_REDRIVE);
        assertThat(session.<List<OperatorAction>>call(audit -> audit.recent(Optional.of(OperatorAction.Kind.SECRET_ADD), 10)))
                .extracting(OperatorAction::target, OperatorAction::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Optional.of("shop/v2"), 1L));
    }

    @Test
    void leavesOutAnActionOfAKindALaterReleaseRecordedAndShowsTheRest() {
        UUID later = UUID.randomUUID();
        database.execute("INSERT INTO operator_action (action_id, actor, action, at) VALUES (?, ?, ?, ?)", later,
                OPERATOR.name(), "inbox.a_later_kind", Timestamp.from(NOW.plusSeconds(5)));
        OperatorAction known = OperatorAction.single(UUID.randomUUID(), OPERATOR, OperatorAction.Kind.SECRET_ADD,
                "shop/v2", true, NOW);
        session.run(audit -> audit.record(known));

        List<OperatorAction> listed = session.call(audit -> audit.recent(Optional.empty(), 1));
        Optional<ActionProgress> found = session.call(audit -> audit.find(later));

        assertThat(listed).as("the later kind takes no place in the limit").containsExactly(known);
        assertThat(found).isEmpty();
    }

    @Test
    void givesUpOnAListingThatWaitsPastTheOperatorsDeadline() throws Exception {
        try (Connection locker = ContractDatabase.dataSource(ContractDatabase.SCHEMA).getConnection()) {
            locker.setAutoCommit(false);
            try (Statement lock = locker.createStatement()) {
                lock.execute("LOCK TABLE operator_action IN ACCESS EXCLUSIVE MODE");
            }
            long started = System.nanoTime();
            assertThatThrownBy(() -> session.call(audit ->
                    audit.recent(Optional.empty(), 10))).isInstanceOf(StoreUnavailableException.class);
            Duration waited = Duration.ofNanos(System.nanoTime() - started);
            locker.rollback();

            assertThat(waited).isBetween(StatementDeadline.OPERATOR.deadline(),
                    StatementDeadline.OPERATOR.deadline().plusSeconds(2));
        }
    }
}
