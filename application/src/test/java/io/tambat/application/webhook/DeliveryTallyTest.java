package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.port.in.webhook.CountDeliveriesUseCase;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.DeliveryCount;
import io.tambat.domain.port.out.webhook.DeliveryCountsPort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DeliveryTallyTest {

    private final MutableClock clock = MutableClock.start();
    private final Instant minute = clock.instant();
    private final StoredCounts store = new StoredCounts();
    private final DeliveryTally tally = tally();

    @Test
    void countsDeliveriesPerMinuteProviderAndOutcomeAndWritesThemOnce() {
        tally.counted("stripe", "accepted");
        tally.counted("stripe", "accepted");
        tally.counted("github", "signature_invalid");
        clock.advance(Duration.ofSeconds(61));
        tally.counted("stripe", "accepted");

        assertThat(tally.write()).isEqualTo(3);
        assertThat(store.added).containsExactly(
                new DeliveryCount(minute, "github", "signature_invalid", 1),
                new DeliveryCount(minute, "stripe", "accepted", 2),
                new DeliveryCount(minute.plusSeconds(60), "stripe", "accepted", 1));

        assertThat(tally.write()).as("nothing counted since").isZero();
        assertThat(store.added).hasSize(3);
    }

    @Test
    void keepsTheCountsOfAFailedWriteForTheNext() {
        tally.counted("stripe", "accepted");
        store.unavailable = true;
        assertThatThrownBy(tally::write).isInstanceOf(StoreUnavailableException.class);
        tally.counted("stripe", "accepted");

        store.unavailable = false;
        tally.write();
        assertThat(store.added).containsExactly(new DeliveryCount(minute, "stripe", "accepted", 2));
    }

    @Test
    void readsEveryMinuteOfTheWindowFromTheStoredCountsAndThoseNotWrittenYet() {
        tally.counted("stripe", "accepted");
        tally.write();
        tally.counted("stripe", "accepted");
        tally.counted("stripe", "duplicate");
        clock.advance(Duration.ofMinutes(2));
        tally.counted("github", "signature_invalid");

        CountDeliveriesUseCase.Window window = tally.lastMinutes(3, Optional.empty());

        assertThat(window.from()).isEqualTo(minute);
        assertThat(window.to()).isEqualTo(minute.plusSeconds(180));
        assertThat(window.totals()).containsExactlyInAnyOrderEntriesOf(
                Map.of("accepted", 2L, "duplicate", 1L, "signature_invalid", 1L));
        assertThat(window.minutes()).containsExactly(
                new CountDeliveriesUseCase.Minute(minute, Map.of("accepted", 2L, "duplicate", 1L)),
                new CountDeliveriesUseCase.Minute(minute.plusSeconds(60), Map.of()),
                new CountDeliveriesUseCase.Minute(minute.plusSeconds(120), Map.of("signature_invalid", 1L)));
    }

    @Test
    void readsOneProvidersDeliveriesAndLeavesOutTheMinutesBeforeTheWindow() {
        tally.counted("stripe", "accepted");
        clock.advance(Duration.ofMinutes(1));
        tally.counted("stripe", "accepted");
        tally.counted("github", "accepted");

        CountDeliveriesUseCase.Window window = tally.lastMinutes(1, Optional.of("stripe"));

        assertThat(window.totals()).containsExactlyEntriesOf(Map.of("accepted", 1L));
        assertThat(window.minutes()).containsExactly(
                new CountDeliveriesUseCase.Minute(minute.plusSeconds(60), Map.of("accepted", 1L)));
        assertThatThrownBy(() -> tally.lastMinutes(CountDeliveriesUseCase.MAX_MINUTES + 1, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void forgetsWhatIsOlderThanTheDayKept() {
        tally.counted("stripe", "accepted");
        clock.advance(CountDeliveriesUseCase.KEPT.plusMinutes(1));
        tally.write();

        assertThat(store.added).as("a count older than the day kept is not written").isEmpty();
        assertThat(store.forgotBefore).isEqualTo(minute.plusSeconds(60));
    }

    @Test
    void losesNoCountWhileWritesRunAlongsideDeliveries() throws InterruptedException {
        ExecutorService deliveries = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 4; i++) {
            deliveries.submit(() -> {
                for (int n = 0; n < 25_000; n++) {
                    tally.counted("stripe", "accepted");
                }
            });
        }
        deliveries.shutdown();
        while (!deliveries.awaitTermination(10, TimeUnit.MILLISECONDS)) {
            tally.write();
        }
        tally.write();

        assertThat(store.added.stream().mapToLong(DeliveryCount::deliveries).sum()).isEqualTo(100_000);
    }

    private DeliveryTally tally() {
        DeliveryTally counting = new DeliveryTally();
        counting.store = store;
        counting.clock = clock;
        return counting;
    }

    /** The store as the tally sees it: what it was given, and a switch to make it unavailable. */
    private static final class StoredCounts implements DeliveryCountsPort {

        private final List<DeliveryCount> added = new ArrayList<>();
        private volatile boolean unavailable;
        private Instant forgotBefore;

        @Override
        public synchronized void add(List<DeliveryCount> counts) {
            if (unavailable) {
                throw new StoreUnavailableException("delivery counts failed", new IllegalStateException());
            }
            added.addAll(counts);
        }

        @Override
        public synchronized List<DeliveryCount> since(Instant from) {
            return added.stream().filter(count -> !count.minute().isBefore(from)).toList();
        }

        @Override
        public synchronized int forgetBefore(Instant cutoff) {
            forgotBefore = cutoff;
            return 0;
        }
    }
}
