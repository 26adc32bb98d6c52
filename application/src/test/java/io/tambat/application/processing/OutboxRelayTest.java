package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.InMemoryOutbox.Notification;
import io.tambat.application.testing.InMemoryOutbox;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.work.Failpoints;
import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.EventPublisherPort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OutboxRelayTest {

    /** The relay's own batch size. */
    private static final int BATCH = 200;

    private final MutableClock clock = MutableClock.start();
    private final InMemoryOutbox outbox = new InMemoryOutbox();
    private final RecordingPublisher publisher = new RecordingPublisher();
    private final OutboxRelay relay = relay();

    @Test
    void publishesWaitingNotificationsAndMarksThemPublishedAtTheCurrentTime() {
        UUID first = append();
        UUID second = append();
        clock.advance(Duration.ofSeconds(5));

        int relayed = relay.runBatch();

        assertThat(relayed).isEqualTo(2);
        assertThat(publisher.published).extracting(OutboxMessage::inboxId).containsExactly(first, second);
        assertThat(outbox.notifications()).extracting(Notification::publishedAt)
                .containsOnly(Optional.of(clock.instant()));
    }

    @Test
    void relaysAtMostOneBatchPerTurn() {
        for (int i = 0; i < BATCH + 1; i++) {
            append();
        }

        int first = relay.runBatch();
        int second = relay.runBatch();
        int third = relay.runBatch();

        assertThat(List.of(first, second, third)).containsExactly(BATCH, 1, 0);
        assertThat(publisher.published).hasSize(BATCH + 1);
    }

    @Test
    void marksNothingPublishedWhenPublishingFails() {
        append();
        append();
        publisher.failOn = 2;

        assertThatThrownBy(relay::runBatch).isInstanceOf(IllegalStateException.class);

        assertThat(outbox.notifications()).extracting(Notification::publishedAt).containsOnly(Optional.empty());
        assertThat(outbox.backlog().unpublished()).isEqualTo(2);
    }

    @Test
    void publishesNothingWhenNothingWaits() {
        assertThat(relay.runBatch()).isZero();
        assertThat(publisher.published).isEmpty();
    }

    private UUID append() {
        UUID inboxId = UUID.randomUUID();
        outbox.append(inboxId, OutboxMessage.WEBHOOK_RECEIVED, clock.instant());
        return inboxId;
    }

    private OutboxRelay relay() {
        OutboxRelay built = new OutboxRelay();
        built.outbox = outbox;
        built.publisher = publisher;
        built.failpoints = Failpoints.inert();
        built.clock = clock;
        return built;
    }

    /** Records what was published; the {@code failOn}-th publication throws, as a broker that went away. */
    private static final class RecordingPublisher implements EventPublisherPort {
        private final List<OutboxMessage> published = new ArrayList<>();
        private int failOn;

        @Override
        public void publish(OutboxMessage message) {
            if (published.size() + 1 == failOn) {
                throw new IllegalStateException("the broker is gone");
            }
            published.add(message);
        }
    }
}
