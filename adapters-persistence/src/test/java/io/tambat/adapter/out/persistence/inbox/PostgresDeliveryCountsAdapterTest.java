package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.webhook.DeliveryCount;
import io.tambat.domain.port.out.webhook.DeliveryCountsPort;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Delivery counts on PostgreSQL: every instance's writes add up, in any interleaving, and old minutes go. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresDeliveryCountsAdapterTest extends SessionContract<DeliveryCountsPort> {

    private static final Instant MINUTE = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresDeliveryCountsAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<DeliveryCountsPort> openSession() {
        return database.session(PostgresDeliveryCountsAdapterTest::adapter);
    }

    @Test
    void addsEachWriteToTheCountOfItsMinuteProviderAndOutcome() {
        session.call(store -> {
            store.add(List.of(count(MINUTE, "accepted", 3), count(MINUTE, "signature_invalid", 1)));
            return null;
        });
        session.call(store -> {
            store.add(List.of(count(MINUTE, "accepted", 2), count(MINUTE.plusSeconds(60), "accepted", 1)));
            return null;
        });

        assertThat(session.<List<DeliveryCount>>call(store -> store.since(MINUTE))).containsExactly(
                count(MINUTE, "accepted", 5), count(MINUTE, "signature_invalid", 1),
                count(MINUTE.plusSeconds(60), "accepted", 1));
        assertThat(session.<List<DeliveryCount>>call(store -> store.since(MINUTE.plusSeconds(60))))
                .containsExactly(count(MINUTE.plusSeconds(60), "accepted", 1));
    }

    @Test
    void sumsWritesOfInstancesThatAddToTheSameCountsAtOnce() {
        List<StoreSession<DeliveryCountsPort>> instances = IntStream.range(0, 4)
                .mapToObj(i -> database.session(PostgresDeliveryCountsAdapterTest::adapter)).toList();
        try {
            List<Callable<Integer>> writes = instances.stream().<Callable<Integer>>map(instance -> () ->
                    instance.call(store -> {
                        store.add(List.of(count(MINUTE, "accepted", 10), count(MINUTE, "duplicate", 1)));
                        return 1;
                    })).toList();
            Race.run(writes);
        } finally {
            instances.forEach(StoreSession::close);
        }

        assertThat(database.column("SELECT deliveries FROM webhook_delivery_count ORDER BY outcome", Long.class))
                .containsExactly(40L, 4L);
    }

    @Test
    void forgetsTheMinutesBeforeTheCutoff() {
        session.call(store -> {
            store.add(List.of(count(MINUTE, "accepted", 1), count(MINUTE.plusSeconds(60), "accepted", 1)));
            return null;
        });

        assertThat(session.<Integer>call(store -> store.forgetBefore(MINUTE.plusSeconds(60)))).isEqualTo(1);
        assertThat(session.<List<DeliveryCount>>call(store -> store.since(Instant.EPOCH)))
                .containsExactly(count(MINUTE.plusSeconds(60), "accepted", 1));
    }

    private static DeliveryCount count(Instant minute, String outcome, long deliveries) {
        return new DeliveryCount(minute, "stripe", outcome, deliveries);
    }

    private static DeliveryCountsPort adapter(jakarta.persistence.EntityManager em) {
        PostgresDeliveryCountsAdapter adapter = new PostgresDeliveryCountsAdapter();
        adapter.em = em;
        return adapter;
    }
}
