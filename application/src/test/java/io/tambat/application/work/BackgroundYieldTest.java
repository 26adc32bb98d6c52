package io.tambat.application.work;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackgroundYieldTest {

    private static final Duration TARGET = Duration.ofMillis(50);
    private static final Duration WINDOW = Duration.ofMillis(BackgroundYield.WINDOW_MILLIS);

    private long now;
    private final List<Double> gauge = new ArrayList<>();
    private final BackgroundYield yield = new BackgroundYield(new YieldSettings(TARGET, 8, 0.05), gauge::add,
            () -> now);

    @Test
    void takesEveryCoreWhileRequestsAreAnsweredInTime() {
        answer(500, Duration.ofMillis(5));
        pass(WINDOW);

        assertThat(yield.share()).isEqualTo(1.0);
        assertThat(yield.yielding()).isFalse();
        assertThat(yield.batchSize(20)).isEqualTo(20);
        assertThat(yield.restAfter(Duration.ofMillis(30).toNanos())).isZero();
        assertThat(gauge).isEmpty();
    }

    @Test
    void halvesItsShareForEveryWindowInWhichMoreThanOneRequestInTenWasSlow() {
        answer(180, Duration.ofMillis(5));
        answer(20, Duration.ofMillis(60));
        pass(WINDOW);
        assertThat(yield.share()).as("a tail of 10 %% slow, as a pause makes, is no reason to yield").isEqualTo(1.0);

        answer(179, Duration.ofMillis(5));
        answer(21, Duration.ofMillis(60));
        pass(WINDOW);
        assertThat(yield.share()).isEqualTo(0.5);

        answer(1, Duration.ofMillis(60));
        pass(WINDOW);
        assertThat(yield.share()).isEqualTo(0.25);
        assertThat(yield.yielding()).isTrue();
        assertThat(gauge).containsExactly(0.5, 0.25);
    }

    @Test
    void yieldsWhenMoreRequestsThanTheQueueAllowsStayInProgressAllThroughAWindowBeforeAnyIsLate() {
        List<BackgroundYield.Acknowledging> inProgress = IntStream.range(0, 9).mapToObj(i -> yield.acknowledging())
                .toList();
        pass(WINDOW);
        assertThat(yield.share()).as("the window in which they arrived").isEqualTo(1.0);

        pass(WINDOW);
        assertThat(yield.share()).isEqualTo(0.5);
        inProgress.forEach(BackgroundYield.Acknowledging::close);
    }

    @Test
    void aQueueThatPeaksAndEmptiesWithinAWindowIsNoReasonToYield() {
        pass(WINDOW);
        yield.share();
        List<BackgroundYield.Acknowledging> peak = IntStream.range(0, 20).mapToObj(i -> yield.acknowledging())
                .toList();
        pass(Duration.ofMillis(10));
        peak.forEach(BackgroundYield.Acknowledging::close);
        pass(WINDOW);

        assertThat(yield.share()).isEqualTo(1.0);
    }

    @Test
    void keepsTheLeastShareHoweverLongTheRequestsArePressedAndTakesTheCoresBackStepByStepOnceTheyAreNot() {
        for (int i = 0; i < 10; i++) {
            answer(1, Duration.ofSeconds(1));
            pass(WINDOW);
            yield.share();
        }
        assertThat(yield.share()).isEqualTo(0.05);
        assertThat(yield.batchSize(20)).as("never below a quarter of a batch").isEqualTo(5);
        assertThat(yield.restAfter(Duration.ofMillis(10).toNanos())).isEqualTo(Duration.ofMillis(190));
        assertThat(yield.restAfter(Duration.ofMillis(100).toNanos())).as("a loop still looks every second")
                .isEqualTo(BackgroundYield.LONGEST_REST);

        pass(WINDOW.multipliedBy(5));
        assertThat(yield.share()).isCloseTo(0.30, offset(1e-9));
        assertThat(yield.batchSize(20)).isEqualTo(6);
        pass(WINDOW.multipliedBy(100));
        assertThat(yield.share()).isEqualTo(1.0);
        assertThat(gauge).last().isEqualTo(1.0);
    }

    @Test
    void aLeastShareOfOneNeverYields() {
        BackgroundYield never = new BackgroundYield(new YieldSettings(TARGET, 8, 1), gauge::add, () -> now);
        try (BackgroundYield.Acknowledging slow = never.acknowledging()) {
            pass(Duration.ofSeconds(5));
        }
        pass(WINDOW);

        assertThat(never.share()).isEqualTo(1.0);
        assertThat(gauge).isEmpty();
    }

    @Test
    void refusesSettingsThatCannotWork() {
        assertThatThrownBy(() -> new YieldSettings(Duration.ZERO, 8, 0.05)).isInstanceOf(
                IllegalArgumentException.class);
        assertThatThrownBy(() -> new YieldSettings(TARGET, 0, 0.05)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new YieldSettings(TARGET, 8, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new YieldSettings(TARGET, 8, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code count} requests, one after another, each answered after {@code taking}. */
    private void answer(int count, Duration taking) {
        for (int i = 0; i < count; i++) {
            try (BackgroundYield.Acknowledging request = yield.acknowledging()) {
                now += taking.toNanos();
            }
        }
    }

    private void pass(Duration time) {
        now += time.toNanos();
    }
}
