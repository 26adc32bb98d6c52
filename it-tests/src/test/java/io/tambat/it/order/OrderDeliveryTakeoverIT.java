package io.tambat.it.order;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A consumer that stalls past its lease on an OrderCreated delivery loses it to another instance, which
 * delivers it; when the stalled one wakes, its writes are refused by the lease check, so the delivery's state
 * is the newer consumer's alone, and any late call it made carried the same derived key.
 */
class OrderDeliveryTakeoverIT {

    private static final String SCHEMA = "tambat_delivery_takeover";
    private static final Duration CONVERGENCE = Duration.ofSeconds(90);

    @Test
    void aStalledConsumerCannotWriteADeliveryAnotherTookOver() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        WireMockServer downstream = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        downstream.start();
        try {
            downstream.stubFor(post(urlEqualTo("/charges")).willReturn(aResponse().withStatus(201)));
            downstream.stubFor(post(urlEqualTo("/reservations")).willReturn(aResponse().withStatus(201)));
            String base = "http://127.0.0.1:" + downstream.port();
            String orderId;
            try (TambatServerProcess stalled = server("delivery-stalled", base,
                    Map.of("TAMBAT_FAILPOINTS", "delivery.after-lease=pause:PT40S")).start()
                    .awaitReady(CONVERGENCE)) {
                HttpResponse<String> created = OrderRequests.post(stalled.baseUri(), "tenant-takeover",
                        OrderRequests.key(), OrderRequests.BODY.formatted(OrderRequests.checkout()));
                assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
                orderId = Http.json(created).getString("id");
                Eventually.within(CONVERGENCE, () -> assertThat(attempts(db, orderId)).isEqualTo(1));

                try (TambatServerProcess taker = server("delivery-taker", base, Map.of()).start()
                        .awaitReady(CONVERGENCE)) {
                    Eventually.within(CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM order_outbox "
                            + "WHERE order_id = CAST(? AS uuid) AND published_at IS NOT NULL", orderId)).isEqualTo(1));
                    assertThat(attempts(db, orderId)).isEqualTo(2);
                }
                Eventually.within(CONVERGENCE, () -> assertThat(stalled.console())
                        .contains("attempt 1 no longer holds its lease"));
            }
            assertThat(attempts(db, orderId)).isEqualTo(2);
            List<LoggedRequest> charges = downstream.findAll(postRequestedFor(urlEqualTo("/charges"))
                    .withRequestBody(matchingJsonPath("$.order_id", equalTo(orderId))));
            assertThat(charges).isNotEmpty().extracting(request -> request.getHeader("Idempotency-Key"))
                    .containsOnly("order-" + orderId + "-charge");
            assertThat(downstream.findAll(postRequestedFor(urlEqualTo("/reservations"))
                    .withRequestBody(matchingJsonPath("$.order_id", equalTo(orderId))))).hasSize(1);
        } finally {
            downstream.stop();
        }
    }

    private static long attempts(TestDatabase db, String orderId) {
        return db.count("SELECT attempt_count FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId);
    }

    private static TambatServerProcess server(String name, String downstream, Map<String, String> extra) {
        Map<String, String> environment = new HashMap<>(Map.of(
                "TAMBAT_PAYMENTS_URL", downstream,
                "TAMBAT_INVENTORY_URL", downstream,
                "TAMBAT_PROCESSING_LEASE", "PT3S"));
        environment.putAll(extra);
        return TambatServerProcess.configured(name, TestDatabase.port(), SCHEMA, environment);
    }
}
