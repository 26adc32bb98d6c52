package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.MutableClock;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.port.out.inbox.InboxQueryPort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The inbox statistics operators read, as the operations ask the store for them. */
class InboxOperationsTest {

    private final MutableClock clock = MutableClock.start();
    private final List<Optional<Instant>> asked = new ArrayList<>();

    @Test
    void countsAsLosingItsPayloadSoonAFailedRowWithinSevenDaysOfItsRetention() {
        operations(Optional.of(Duration.ofDays(30))).stats();

        assertThat(asked).containsExactly(Optional.of(clock.instant().minus(Duration.ofDays(23))));
    }

    @Test
    void countsNoneWhileFailedPayloadsAreKeptForEver() {
        operations(Optional.empty()).stats();

        assertThat(asked).containsExactly(Optional.empty());
    }

    private InboxOperations operations(Optional<Duration> failedPayloadRetention) {
        InboxOperations operations = new InboxOperations();
        operations.clock = clock;
        operations.settings = new ProcessingSettings(Duration.ofDays(30), Duration.ofDays(90), Duration.ofMinutes(5),
                Duration.ofDays(90), new FailedPayloadRetention(failedPayloadRetention));
        operations.queries = new InboxQueryPort() {
            @Override
            public Optional<InboxEvent.Page> list(InboxEvent.Filter filter, Optional<UUID> startingAfter, int limit) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<InboxEvent.Detail> find(UUID inboxId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<InboxEvent.Payload> payload(UUID inboxId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public InboxEvent.Stats stats(Instant now, Optional<Instant> failedPayloadsLostBefore) {
                asked.add(failedPayloadsLostBefore);
                return new InboxEvent.Stats(Map.of(), 0, 0, 0, 0);
            }
        };
        return operations;
    }
}
