package io.tambat.adapter.out.persistence.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.operator.OperatorAuditPort;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The operator audit trail on PostgreSQL: recorded, counted batch by batch, listed newest first. */
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
        session.run(audit -> audit.addCount(bulk, 500));
        session.run(audit -> audit.addCount(bulk, 3));
        try {
            session.run(audit -> {
                audit.addCount(bulk, 1000);
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
}
