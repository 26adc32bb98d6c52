package io.tambat.application.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.LogCapture;
import io.tambat.application.work.WorkScheduler;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.processing.RetryPolicy;
import io.tambat.domain.port.out.forwarding.DeliverySignalsPort;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

class SenderWakeUpTest {

    private final List<String> woken = new CopyOnWriteArrayList<>();
    private final SenderWakeUp wakeUp = new SenderWakeUp();

    SenderWakeUpTest() {
        wakeUp.work = new WorkScheduler() {
            @Override
            public void wake(String queueName) {
                woken.add(queueName);
            }
        };
        wakeUp.settings = new WorkSettings(true, new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofSeconds(10)),
                1, 20, Duration.ofSeconds(30), Duration.ofMillis(5), Duration.ofHours(1));
    }

    @Test
    void aCommitHereWakesThisSenderAtOnceAndIsAnnouncedToTheOthersOnceWhateverTheCommitsMeanwhile() throws Exception {
        FakeChannel channel = new FakeChannel();
        wakeUp.signals = opening(() -> channel);

        wakeUp.recorded(new DeliveriesRecorded());
        wakeUp.recorded(new DeliveriesRecorded());
        wakeUp.recorded(new DeliveriesRecorded());
        assertThat(woken).containsExactly("forwarding", "forwarding", "forwarding");

        Thread listening = listen();
        assertThat(channel.announced.poll(5, TimeUnit.SECONDS)).isNotNull();
        Thread.sleep(3 * SenderWakeUp.LISTEN_TURN.toMillis());
        stop(listening);

        assertThat(channel.announced).as("one announcement for the three commits").isEmpty();
        assertThat(woken).as("its own announcement does not wake it again").hasSize(3);
        assertThat(channel.closed).isTrue();
    }

    @Test
    void anotherInstancesAnnouncementWakesThisSender() throws Exception {
        FakeChannel channel = new FakeChannel();
        channel.othersAnnounce.add(true);
        wakeUp.signals = opening(() -> channel);

        Thread listening = listen();
        waitFor(() -> !woken.isEmpty());
        stop(listening);

        assertThat(woken).containsExactly("forwarding");
        assertThat(channel.announced).as("nothing committed here").isEmpty();
    }

    @Test
    void aChannelThatFailsIsOpenedAgainAndTheFailureLoggedOnce() throws Exception {
        FakeChannel working = new FakeChannel();
        working.othersAnnounce.add(true);
        AtomicInteger opened = new AtomicInteger();
        wakeUp.signals = opening(() -> {
            if (opened.incrementAndGet() <= 3) {
                throw new StoreUnavailableException("delivery signals failed: java.net.ConnectException", null);
            }
            return working;
        });

        try (LogCapture log = LogCapture.of(SenderWakeUp.class)) {
            Thread listening = listen();
            waitFor(() -> !woken.isEmpty());
            stop(listening);

            assertThat(opened).hasValue(4);
            assertThat(log.messages(Level.WARNING)).singleElement().asString()
                    .contains("StoreUnavailableException");
            assertThat(log.messages(Level.INFO)).contains("instances signal each other's deliveries again");
        }
    }

    @Test
    void withoutSignalsInstancesFindEachOthersDeliveriesAtTheirPollWhileLocalCommitsStillWake() throws Exception {
        wakeUp.signals = opening(() -> {
            throw new UnsupportedOperationException("the PostgreSQL driver's API is not visible to the application");
        });

        try (LogCapture log = LogCapture.of(SenderWakeUp.class)) {
            Thread listening = listen();
            listening.join(5_000);

            assertThat(listening.isAlive()).as("it gives up rather than trying again").isFalse();
            assertThat(log.messages(Level.INFO)).singleElement().asString().contains("at their poll only");
        }
        wakeUp.recorded(new DeliveriesRecorded());
        assertThat(woken).containsExactly("forwarding");
    }

    private Thread listen() {
        Thread listening = new Thread(wakeUp::keepListening, "signals");
        listening.start();
        return listening;
    }

    private void stop(Thread listening) throws InterruptedException {
        wakeUp.stop(null);
        listening.join(5_000);
        assertThat(listening.isAlive()).isFalse();
    }

    private static void waitFor(Supplier<Boolean> condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.get() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(condition.get()).isTrue();
    }

    private static DeliverySignalsPort opening(Supplier<DeliverySignalsPort.Channel> channels) {
        return channels::get;
    }

    /** Hears what the test queues, one answer a turn, and keeps what it was told to announce. */
    private static final class FakeChannel implements DeliverySignalsPort.Channel {

        final LinkedBlockingQueue<Boolean> announced = new LinkedBlockingQueue<>();
        final Deque<Boolean> othersAnnounce = new ArrayDeque<>();
        volatile boolean closed;

        @Override
        public void announce() {
            announced.add(true);
        }

        @Override
        public synchronized boolean othersAnnounced(Duration wait) {
            Boolean heard = othersAnnounce.poll();
            if (heard != null) {
                return heard;
            }
            try {
                Thread.sleep(wait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
