package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.ExistingLibertyServer;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/deploying.md, done on a plain Liberty server ({@link ExistingLibertyServer}): given what the guide lists
 * and started with {@code bin/server start}, it becomes ready on the application's own checks, stores a signed
 * delivery, verifies an operator token, and stops with {@code bin/server stop}.
 */
class DeployOnExistingLibertyIT {

    private static final String SERVER = "shopServer";
    private static final String SCHEMA = "tambat_existing";
    private static final Duration READY = Duration.ofSeconds(120);
    private static final Pattern MAX_HEAP = Pattern.compile("(?m)^memory_maxHeap_bytes\\{[^}]*\\} (\\S+)$");
    private static final Pattern INSTALLED_FEATURES = Pattern.compile("CWWKF0012I: [^\\[]*\\[([^\\]]*)\\]");

    @Test
    void tambatWarRunsOnAnExistingServerConfiguredAsTheGuideSays() throws Exception {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        Map<String, String> settings = ExistingLibertyServer.requiredSettings(SCHEMA);
        settings.put("TAMBAT_WEBHOOKS_ENDPOINTS", "payments");
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_PAYMENTS_PROVIDER", "standard");
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_PAYMENTS_SECRETS", "v1:" + StandardDeliveries.SECRET);
        ExistingLibertyServer server = ExistingLibertyServer.created("existing-liberty", SERVER)
                .withTambat(settings, "").start();
        try {
            URI base = server.baseUri();
            Eventually.within(READY, () -> assertThat(applicationChecks(base)).contains("database", "secrets"));

            String messageId = StandardDeliveries.newMessageId();
            HttpResponse<String> delivery = StandardDeliveries.send(base.resolve("webhooks/standard/payments"),
                    StandardDeliveries.SECRET, messageId, ("{\"type\":\"payment.updated\",\"data\":{\"object\":"
                            + "\"payment\",\"id\":\"pay_1\",\"version\":1,\"status\":\"succeeded\"}}")
                            .getBytes(StandardCharsets.UTF_8));
            assertThat(delivery.statusCode()).as(delivery.body()).isEqualTo(200);
            assertThat(Http.json(delivery).getString("status")).isEqualTo("accepted");
            assertThat(db.inboxRows("standard", "payments", messageId)).isEqualTo(1);

            HttpResponse<String> inbox = new AdminClient(base).get("admin/inbox?limit=1");
            assertThat(inbox.statusCode()).as(inbox.body()).isEqualTo(200);

            // The guide's jvm.options reached the server's JVM: -Xmx512m, less what the collector keeps aside.
            assertThat(maxHeapBytes(base)).isBetween(256L << 20, 512L << 20);

            String log = Files.readString(server.directory().resolve("logs/messages.log"));
            // The token configuration was processed, which it is only once the server has a keystore.
            assertThat(log).contains("CWWKS5500I: The MicroProfile JWT configuration [defaultMpJwt] was");
            assertThat(installedFeatures(log)).containsAll(LibertyConfiguration.productFeatures());
        } finally {
            assertThat(server.stop()).isZero();
        }
    }

    /**
     * The names of the checks behind an UP readiness answer. Liberty answers UP with no checks at all while the
     * application is not running, so only the application's own checks say it is ready.
     */
    private static List<String> applicationChecks(URI base) {
        HttpResponse<String> response = Http.send(Http.request(base.resolve("health/ready")).GET().build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response).getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .map(check -> check.getString("name")).toList();
    }

    /** The JVM's maximum heap as MicroProfile Metrics reports it. */
    private static long maxHeapBytes(URI base) {
        HttpResponse<String> metrics = Http.send(Http.request(base.resolve("metrics?scope=base")).GET().build());
        assertThat(metrics.statusCode()).isEqualTo(200);
        Matcher matcher = MAX_HEAP.matcher(metrics.body());
        assertThat(matcher.find()).as(metrics.body()).isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }

    /** The features Liberty reports installed (CWWKF0012I). */
    private static List<String> installedFeatures(String log) {
        Matcher matcher = INSTALLED_FEATURES.matcher(log);
        assertThat(matcher.find()).as("CWWKF0012I in messages.log").isTrue();
        return Arrays.stream(matcher.group(1).split(",")).map(String::strip).toList();
    }
}
