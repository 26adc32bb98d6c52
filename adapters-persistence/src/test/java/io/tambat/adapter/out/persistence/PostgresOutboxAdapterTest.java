package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.OutboxPort;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Retention of the webhook outbox on PostgreSQL: only notifications published before the cut-off go. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOutboxAdapterTest extends SessionContract<OutboxPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresOutboxAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<OutboxPort> openSession() {
        return database.session(em -> {
            PostgresOutboxAdapter outbox = new PostgresOutboxAdapter();
            outbox.em = em;
            return outbox;
        });
    }

    @Test
    void purgesNotificationsPublishedBeforeTheCutOffAndKeepsLaterAndUnpublishedOnes() {
        UUID publishedLongAgo = UUID.randomUUID();
        UUID publishedRecently = UUID.randomUUID();
        UUID unpublished = UUID.randomUUID();
        session.run(outbox -> outbox.appendAll(List.of(publishedLongAgo, publishedRecently, unpublished),
                OutboxMessage.OBJECT_STATE_CHANGED, NOW.minusSeconds(7_200)));
        List<OutboxMessage> claimed = session.call(outbox -> outbox.claimUnpublished(10));
        session.run(outbox -> outbox.markPublished(List.of(claimed.get(0).outboxId()), NOW.minusSeconds(3_600)));
        session.run(outbox -> outbox.markPublished(List.of(claimed.get(1).outboxId()), NOW));

        assertThat(session.<Integer>call(outbox -> outbox.purgePublished(NOW.minusSeconds(60), 10))).isEqualTo(1);

        assertThat(database.column("SELECT inbox_id FROM webhook_outbox", UUID.class))
                .containsExactlyInAnyOrder(publishedRecently, unpublished);
    }
}
