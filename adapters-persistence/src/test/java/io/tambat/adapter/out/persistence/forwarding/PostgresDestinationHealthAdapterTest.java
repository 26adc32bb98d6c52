package io.tambat.adapter.out.persistence.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Destinations' answers on PostgreSQL, as two instances count and probe them: every failure counts, a success
 * clears them, and one probe at a time holds a failing destination.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresDestinationHealthAdapterTest extends SessionContract<DestinationHealthPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresDestinationHealthAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<DestinationHealthPort> openSession() {
        return database.session(PostgresDestinationHealthAdapterTest::adapter);
    }

    @Test
    void countsEveryInstancesFailuresUntilAnAnswerClearsThem() {
        List<Callable<Integer>> instances = IntStream.range(0, 2).<Callable<Integer>>mapToObj(instance -> () -> {
            try (StoreSession<DestinationHealthPort> own = database.session(PostgresDestinationHealthAdapterTest::adapter)) {
                int last = 0;
                for (int i = 0; i < 5; i++) {
                    last = own.call(store -> store.failed("shop", "answered 503", NOW.plusSeconds(instance)))
                            .consecutiveFailures();
                }
                return last;
            }
        }).toList();

        assertThat(Race.run(instances)).contains(10);
        assertThat(all()).containsOnlyKeys("shop").hasEntrySatisfying("shop", answers -> {
            assertThat(answers.consecutiveFailures()).isEqualTo(10);
            assertThat(answers.failing()).isTrue();
            assertThat(answers.failedProbes()).as("no probe was out").isZero();
            assertThat(answers.lastError()).contains("answered 503");
        });

        session.run(store -> store.answered("shop"));
        assertThat(all()).isEmpty();
    }

    @Test
    void oneProbeAtATimeHoldsAFailingDestinationAndTheNextWaitsItsTurn() {
        for (int i = 0; i < DestinationAnswers.FAILING_AFTER; i++) {
            session.run(store -> store.failed("shop", "answered 503", NOW));
        }
        session.run(store -> store.probeNoSooner("shop", NOW.plusSeconds(5)));

        assertThat(claim(NOW.plusSeconds(4))).as("not before its turn").isFalse();
        assertThat(claim(NOW.plusSeconds(5))).isTrue();
        assertThat(claim(NOW.plusSeconds(6))).as("another instance, while the probe is out").isFalse();
        assertThat(claim(NOW.plusSeconds(36))).as("a probe whose lease ran out").isTrue();

        session.run(store -> store.failed("shop", "timeout", NOW.plusSeconds(37)));
        assertThat(claim(NOW.plusSeconds(37))).as("the failed probe ended: its turn is due").isTrue();
        session.run(store -> store.releaseProbe("shop"));
        assertThat(claim(NOW.plusSeconds(38))).as("given back unused").isTrue();
        assertThat(all().get("shop")).isEqualTo(new DestinationAnswers(6, 1, Optional.of("timeout"),
                Optional.of(NOW.plusSeconds(37))));
    }

    private boolean claim(Instant now) {
        return session.call(store -> store.claimProbe("shop", now, now.plusSeconds(30)));
    }

    private Map<String, DestinationAnswers> all() {
        return session.call(DestinationHealthPort::all);
    }

    private static DestinationHealthPort adapter(EntityManager em) {
        PostgresDestinationHealthAdapter adapter = new PostgresDestinationHealthAdapter();
        adapter.em = em;
        return adapter;
    }
}
