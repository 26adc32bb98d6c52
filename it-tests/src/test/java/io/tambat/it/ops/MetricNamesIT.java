package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every metric the shipped dashboard and alert rules use is one a running server exports at {@code /metrics}, once
 * it has received a delivery.
 */
class MetricNamesIT extends DeployedTambatTest {

    @Test
    void everyMetricTheDashboardAndTheAlertsUseExistsOnTheServer() {
        // Series tagged by provider, endpoint and secret version appear with the first delivery.
        HttpResponse<String> delivery = StandardDeliveries.send(ArquillianServer.baseUri().resolve(
                "webhooks/standard/std-main"), StandardDeliveries.SECRET, StandardDeliveries.newMessageId(),
                "{\"type\":\"ping\",\"data\":{}}".getBytes(StandardCharsets.UTF_8));
        assertThat(delivery.statusCode()).as(delivery.body()).isEqualTo(200);
        HttpResponse<String> metrics = Http.send(Http.request(ArquillianServer.baseUri().resolve("metrics")).GET()
                .build());
        assertThat(metrics.statusCode()).isEqualTo(200);
        Set<String> exported = Arrays.stream(metrics.body().split("\n"))
                .filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(line -> line.split("[{ ]", 2)[0])
                .collect(Collectors.toSet());

        Set<String> used = OpsDefinitions.metricNamesUsed();

        assertThat(used).hasSizeGreaterThan(25).contains("tambat_inbox_events", "tambat_webhook_requests_total");
        assertThat(exported).containsAll(used);
    }
}
