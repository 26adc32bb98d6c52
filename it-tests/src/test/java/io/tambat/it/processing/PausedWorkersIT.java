package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Workers paused (an instance without processing) while deliveries continue: every delivery is still
 * acknowledged, from the inbox alone; once workers run again every accepted event converges. Prints the
 * acknowledgement latencies of both phases; it asserts no timing.
 */
class PausedWorkersIT {

    private static final String SCHEMA = "tambat_paused";
    private static final int EVENTS = 100;

    @Test
    void everyAcceptedEventConvergesOnceWorkersResume() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        List<Long> pausedLatencies;
        try (TambatServerProcess paused = ProcessingServers.server("paused", SCHEMA,
                Map.of("TAMBAT_PROCESSING_ENABLED", "false")).start().awaitReady(ProcessingServers.READY)) {
            pausedLatencies = deliverAll(paused);
            assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE status = 'RECEIVED'")).isEqualTo(EVENTS);
        }

        try (TambatServerProcess resumed = ProcessingServers.server("resumed", SCHEMA, Map.of()).start()
                .awaitReady(ProcessingServers.READY)) {
            List<Long> runningLatencies = deliverAll(resumed);
            Eventually.within(Duration.ofSeconds(90), () -> assertThat(
                    db.count("SELECT count(*) FROM webhook_inbox WHERE status = 'PROCESSED'")).isEqualTo(2L * EVENTS));
            System.out.println("ack ms with workers paused:  " + summary(pausedLatencies));
            System.out.println("ack ms with workers running: " + summary(runningLatencies));
        }
        assertThat(db.count("SELECT count(*) FROM object_mutation")).isEqualTo(2L * EVENTS);
    }

    private static List<Long> deliverAll(TambatServerProcess server) {
        List<Long> latencies = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            long started = System.nanoTime();
            HttpResponse<String> response = ProcessingServers.deliver(server.baseUri(), ProcessingServers.newMessageId(),
                    ProcessingServers.paymentEvent("pay_" + UUID.randomUUID(), 1, "succeeded"));
            latencies.add((System.nanoTime() - started) / 1_000_000);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        }
        return latencies;
    }

    private static String summary(List<Long> latencies) {
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        return "p50 " + sorted.get(sorted.size() / 2) + ", p99 " + sorted.get((int) (sorted.size() * 0.99) - 1)
                + ", max " + sorted.get(sorted.size() - 1);
    }
}
