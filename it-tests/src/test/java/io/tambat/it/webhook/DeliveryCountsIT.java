package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Deliveries per minute on two instances of one database: each instance adds its own counts to the same rows,
 * and what it counted after its last periodic write is written when it stops, so a graceful stop loses none.
 */
class DeliveryCountsIT {

    private static final String SCHEMA = "tambat_delivery_counts";
    private static final Duration READY = Duration.ofSeconds(90);
    /** Longer than the 5 s between two writes: a probe delivery is counted in the database within it. */
    private static final Duration WRITTEN = Duration.ofSeconds(15);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @Test
    void everyInstanceAddsItsCountsToTheSameRowsAndWritesTheLastOnesWhenItStops() {
        db.dropSchema();
        try (TambatServerProcess a = server("counts-a").start().awaitReady(READY);
                TambatServerProcess b = server("counts-b").start().awaitReady(READY)) {
            countedThenStopped(a, 2, 0);
            countedThenStopped(b, 1, 1);
        }

        assertThat(stored("accepted")).as("two probes and three deliveries, from two instances").isEqualTo(5);
        assertThat(stored("signature_invalid")).isEqualTo(1);
        assertThat(db.count("SELECT count(DISTINCT provider) FROM webhook_delivery_count")).isEqualTo(1);
    }

    /**
     * Waits for a probe delivery to reach the database, which happens at one of the instance's periodic writes;
     * the next is 5 s later. The deliveries sent right after it and the stop that follows come before that next
     * write, so only the write at stop can store them.
     */
    private void countedThenStopped(TambatServerProcess server, int accepted, int forged) {
        long before = stored("accepted");
        send(server, StandardDeliveries.SECRET, 200);
        Eventually.within(WRITTEN, () -> assertThat(stored("accepted")).isEqualTo(before + 1));
        for (int i = 0; i < accepted; i++) {
            send(server, StandardDeliveries.SECRET, 200);
        }
        for (int i = 0; i < forged; i++) {
            send(server, "whsec_" + "Zm9yZ2VkLWZvcmdlZC1mb3JnZWQtZm9yZ2Vk", 401);
        }
        assertThat(stored("accepted")).as("not written before the stop").isEqualTo(before + 1);
        server.close();
        assertThat(stored("accepted")).as("written at the stop").isEqualTo(before + 1 + accepted);
    }

    private static void send(TambatServerProcess server, String secret, int status) {
        URI endpoint = server.baseUri().resolve("webhooks/standard/std");
        byte[] body = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_" + UUID.randomUUID()
                + "\",\"version\":1,\"status\":\"succeeded\"}}").getBytes(StandardCharsets.UTF_8);
        assertThat(StandardDeliveries.send(endpoint, secret, StandardDeliveries.newMessageId(), body).statusCode())
                .isEqualTo(status);
    }

    private long stored(String outcome) {
        return db.count("SELECT coalesce(sum(deliveries), 0) FROM webhook_delivery_count WHERE outcome = ?", outcome);
    }

    private static TambatServerProcess server(String name) {
        return TambatServerProcess.configured(name, TestDatabase.port(), SCHEMA, Map.of(
                "TAMBAT_WEBHOOKS_ENDPOINTS", "std",
                "TAMBAT_WEBHOOKS_ENDPOINT_STD_PROVIDER", "standard",
                "TAMBAT_WEBHOOKS_ENDPOINT_STD_SECRETS", "v1:" + StandardDeliveries.SECRET));
    }
}
