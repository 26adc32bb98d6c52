package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PayloadPutsTest {

    /** A server's application metrics, as MicroProfile Metrics writes them: a summary with its max beside it. */
    private static final String METRICS = """
            # HELP tambat_inbox_commit_seconds
            # TYPE tambat_inbox_commit_seconds summary
            tambat_inbox_commit_seconds{mp_scope="application",quantile="0.5",} 0.004
            tambat_inbox_commit_seconds_count{mp_scope="application",} 9000.0
            tambat_inbox_commit_seconds_sum{mp_scope="application",} 40.0
            # HELP tambat_payload_object_put_seconds_max
            # TYPE tambat_payload_object_put_seconds_max gauge
            tambat_payload_object_put_seconds_max{mp_scope="application",} 0.25
            # HELP tambat_payload_object_put_seconds
            # TYPE tambat_payload_object_put_seconds summary
            tambat_payload_object_put_seconds{mp_scope="application",quantile="0.5",} 0.0011
            tambat_payload_object_put_seconds{mp_scope="application",quantile="0.75",} 0.0016
            tambat_payload_object_put_seconds{mp_scope="application",quantile="0.95",} 0.003
            tambat_payload_object_put_seconds{mp_scope="application",quantile="0.99",} 0.0052
            tambat_payload_object_put_seconds{mp_scope="application",quantile="0.999",} 0.011
            tambat_payload_object_put_seconds_count{mp_scope="application",} 2000.0
            tambat_payload_object_put_seconds_sum{mp_scope="application",} 3.0
            """;

    @Test
    void readsTheCountTheSumAndTheQuantilesOfThePutTimerAlone() {
        PayloadPuts.Reading reading = PayloadPuts.Reading.parse(METRICS);

        assertThat(reading.count()).isEqualTo(2000);
        assertThat(reading.sumSeconds()).isEqualTo(3.0);
        assertThat(reading.p50Seconds()).isEqualTo(0.0011);
        assertThat(reading.p99Seconds()).isEqualTo(0.0052);
    }

    @Test
    void readsLabelsWithoutATrailingCommaAndValuesWithATimestamp() {
        PayloadPuts.Reading reading = PayloadPuts.Reading.parse("""
                tambat_payload_object_put_seconds{mp_scope="application",quantile="0.99"} 1.5E-3 1767225600000
                tambat_payload_object_put_seconds_count{mp_scope="application"} 12
                tambat_payload_object_put_seconds_sum 0.024
                """);

        assertThat(reading.count()).isEqualTo(12);
        assertThat(reading.sumSeconds()).isEqualTo(0.024);
        assertThat(reading.p99Seconds()).isEqualTo(0.0015);
        assertThat(reading.p50Seconds()).isNaN();
    }

    @Test
    void aRunIsThePutsSinceTheReadingBeforeItWithTheQuantilesAtItsEnd() {
        PayloadPuts.Reading before = new PayloadPuts.Reading(500, 1.0, 0.002, 0.009);

        PayloadPuts.Run run = PayloadPuts.Reading.parse(METRICS).since(before);

        assertThat(run.puts()).isEqualTo(1500);
        assertThat(run.meanMillis()).isCloseTo(2.0 / 1500 * 1000, within(1e-9));
        assertThat(run.p50Millis()).isCloseTo(1.1, within(1e-9));
        assertThat(run.p99Millis()).isCloseTo(5.2, within(1e-9));
    }

    @Test
    void aServerWithoutTheTimerHasNoPuts() {
        PayloadPuts.Reading reading = PayloadPuts.Reading.parse(METRICS.lines()
                .filter(line -> !line.contains("payload_object_put")).collect(Collectors.joining("\n")));

        PayloadPuts.Run run = reading.since(reading);

        assertThat(reading.count()).isNaN();
        assertThat(run.puts()).isZero();
        assertThat(run.meanMillis()).isNaN();
        assertThat(PayloadPuts.describe(List.of(run))).contains("median").doesNotContain("NaN");
    }
}
