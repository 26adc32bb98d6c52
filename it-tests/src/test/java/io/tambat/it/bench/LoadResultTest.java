package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoadResultTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MILLI = 1_000_000L;

    @Test
    void givesTheP99OfTheRequestsStartedInEachWindowCountedFromTheFirstStart() {
        LoadResult result = new LoadResult();
        long first = 7 * SECOND;
        // Window 0: 100 requests of 1..100 ms, so its p99 is the 99th, 99 ms.
        for (int i = 1; i <= 100; i++) {
            result.record(first + i * MILLI, i * MILLI, 200, Optional.empty());
        }
        // Window 1 (a stall): one request of 400 ms, started 5.5 s after the first.
        result.record(first + 5_500 * MILLI, 400 * MILLI, 200, Optional.empty());

        assertThat(result.p99ByWindow(Duration.ofSeconds(5))).containsExactly(99.0, 400.0);
    }

    @Test
    void keepsEachPartsStartsWhenLoadsAreTakenTogether() {
        LoadResult early = new LoadResult();
        early.record(0, 10 * MILLI, 200, Optional.empty());
        LoadResult late = new LoadResult();
        late.record(6 * SECOND, 30 * MILLI, 200, Optional.empty());

        assertThat(LoadResult.together(List.of(early, late)).p99ByWindow(Duration.ofSeconds(5)))
                .containsExactly(10.0, 30.0);
    }
}
