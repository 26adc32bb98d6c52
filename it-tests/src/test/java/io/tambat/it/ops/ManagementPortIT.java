package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two layouts of the runnable jar's ports: without {@code TAMBAT_MANAGEMENT_PORT}, one port serves webhooks and
 * the management endpoints alike; with it, /health, /metrics and /openapi answer on the management port alone, and
 * the public port serves the application alone, whatever port a request's Host header names.
 */
class ManagementPortIT {

    private static final String SCHEMA = "tambat_management_port";
    private static final String ENDPOINT = "std-mgmt";
    private static final Duration READY = Duration.ofSeconds(90);
    private static final List<String> MANAGEMENT_PATHS = List.of("health", "health/ready", "health/live", "metrics",
            "openapi", "openapi/ui/");
    private static final Map<String, String> ENVIRONMENT = Map.of(
            "TAMBAT_WEBHOOKS_ENDPOINTS", ENDPOINT,
            "TAMBAT_WEBHOOKS_ENDPOINT_STD_MGMT_PROVIDER", "standard",
            "TAMBAT_WEBHOOKS_ENDPOINT_STD_MGMT_SECRETS", "v1:" + StandardDeliveries.SECRET);

    @Test
    void withoutAManagementPortThePublicPortServesWebhooksAndTheManagementEndpoints() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = TambatServerProcess.configured("one-port", TestDatabase.port(), SCHEMA,
                ENVIRONMENT).start().awaitReady(READY)) {
            assertThat(server.managementUri()).isEqualTo(server.baseUri());
            for (String path : MANAGEMENT_PATHS) {
                assertThat(get(server.baseUri(), path)).as(path).isEqualTo(200);
            }
            assertAccepted(server.baseUri(), db);
            assertThat(metrics(server.baseUri())).contains("endpoint=\"" + ENDPOINT + "\"");
        }
    }

    @Test
    void aManagementPortOfItsOwnServesTheManagementEndpointsThereAndNowhereElse() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = TambatServerProcess.configured("management-port", TestDatabase.port(),
                SCHEMA, ENVIRONMENT).withManagementPort().start().awaitReady(READY)) {
            URI management = server.managementUri();
            assertThat(management.getPort()).isNotEqualTo(server.httpPort());
            for (String path : MANAGEMENT_PATHS) {
                assertThat(get(management, path)).as("management port: " + path).isEqualTo(200);
                assertThat(get(server.baseUri(), path)).as("public port: " + path).isEqualTo(404);
                // Liberty chooses a virtual host by the Host header: naming the management port must not reach it.
                assertThat(rawGet(server.baseUri(), path, "127.0.0.1:" + management.getPort()))
                        .as("public port, Host naming the management port: " + path).startsWith("HTTP/1.1 404");
            }
            assertAccepted(server.baseUri(), db);
            assertThat(metrics(management)).contains("endpoint=\"" + ENDPOINT + "\"");
            // A proxy in front sends its own host, without a port or with 443.
            assertThat(rawGet(server.baseUri(), "admin/destinations", "hooks.example.com")).startsWith("HTTP/1.1 401");
            assertThat(rawGet(server.baseUri(), "admin/destinations", "hooks.example.com:443"))
                    .startsWith("HTTP/1.1 401");
            assertThat(get(management, "admin/destinations")).isEqualTo(404);
            assertThat(Http.post(management.resolve("webhooks/standard/" + ENDPOINT), new byte[] {'{', '}'},
                    "Content-Type", "application/json").statusCode()).isEqualTo(404);
        }
    }

    private static void assertAccepted(URI base, TestDatabase db) {
        String messageId = StandardDeliveries.newMessageId();
        HttpResponse<String> accepted = StandardDeliveries.send(base.resolve("webhooks/standard/" + ENDPOINT),
                StandardDeliveries.SECRET, messageId, ("{\"type\":\"customer.created\",\"data\":{\"id\":\""
                        + messageId + "\"}}").getBytes(StandardCharsets.UTF_8));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(db.inboxRows("standard", ENDPOINT, messageId)).isEqualTo(1);
    }

    private static int get(URI base, String path) {
        return Http.send(Http.request(base.resolve(path)).GET().build()).statusCode();
    }

    private static String metrics(URI base) {
        return Http.send(Http.request(base.resolve("metrics")).GET().build()).body();
    }

    /** A GET with the Host header given, which Java's HTTP client does not let a caller set. */
    private static String rawGet(URI base, String path, String host) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.getOutputStream().write(("GET /" + path + " HTTP/1.1\r\nHost: " + host
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
