package io.tambat.it.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.forwarding.jmsprobe.JmsProbeApplication;
import io.tambat.it.forwarding.jmsprobe.QueueMessages;
import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.ExistingLibertyServer;
import io.tambat.it.support.FreePorts;
import io.tambat.it.support.Http;
import io.tambat.it.support.TestDatabase;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Events and state changes forwarded to a queue of Liberty's own messaging engine, on an existing server
 * configured as docs/deploying.md says (tambat.war, tambat-app.xml, the engine, a connection factory and a queue
 * by JNDI name). A small application beside it ({@link QueueMessages}) takes what reached the queue.
 */
class JmsForwardingIT {

    private static final String SCHEMA = "tambat_forwarding_jms";
    private static final Duration READY = Duration.ofSeconds(120);

    @RegisterExtension
    final ForwardedEvents events = new ForwardedEvents(SCHEMA);
    private final TestDatabase db = events.db();

    @Test
    void everyEventAndStateChangeIsOnePersistentBytesMessageWithItsIdAndHeadersAsProperties() throws Exception {
        Map<String, String> settings = ExistingLibertyServer.requiredSettings(SCHEMA);
        settings.putAll(ProcessingServers.settings(DestinationSettings.together(DestinationSettings.of("ledger", "jms",
                "CONNECTION_FACTORY", QueueMessages.CONNECTION_FACTORY, "QUEUE", QueueMessages.QUEUE,
                "MESSAGES", "events,state-changes"))));
        try (ExistingLibertyServer server = ExistingLibertyServer.created("jms-liberty", "jmsServer")
                .withTambat(settings, messagingEngine())) {
            ShrinkWrap.create(WebArchive.class, "jms-probe.war").addClasses(JmsProbeApplication.class,
                    QueueMessages.class).as(ZipExporter.class).exportTo(server.directory().resolve("apps/jms-probe.war")
                    .toFile(), true);
            server.start();
            URI base = server.baseUri();
            Eventually.within(READY, () -> {
                HttpResponse<String> ready = Http.send(Http.request(base.resolve("health/ready")).GET().build());
                assertThat(ready.statusCode()).isEqualTo(200);
                // Liberty answers UP with no checks while the application is not running yet.
                assertThat(ready.body()).contains("\"database\"");
            });

            Map<String, byte[]> bodies = new HashMap<>();
            for (int i = 0; i < 3; i++) {
                String objectId = "pay_" + UUID.randomUUID();
                String inboxId = events.deliverAndProcess(base, objectId, 1, "succeeded");
                bodies.put(inboxId, ProcessingServers.paymentEvent(objectId, 1, "succeeded"));
            }

            assertThat(events.awaitAllDelivered("ledger")).isEqualTo(6);
            List<JsonObject> received = new ArrayList<>();
            Eventually.within(Duration.ofSeconds(30), () -> {
                received.addAll(take(base));
                assertThat(received).hasSize(6);
            });
            Map<String, JsonObject> byId = received.stream().collect(Collectors.toMap(
                    message -> message.getJsonObject("properties").getString("webhook_id"), message -> message));
            for (Map<String, Object> row : db.rows("SELECT message_id, message_type, inbox_id::text AS inbox_id "
                    + "FROM forward_delivery WHERE destination_id = 'ledger'")) {
                JsonObject message = byId.get((String) row.get("message_id"));
                assertThat(message).as("message " + row.get("message_id")).isNotNull();
                JsonObject properties = message.getJsonObject("properties");
                assertThat(message.getBoolean("persistent")).isTrue();
                assertThat(properties.getString("tambat_message_type")).isEqualTo(row.get("message_type"));
                assertThat(properties.getString("tambat_inbox_id")).isEqualTo(row.get("inbox_id"));
                assertThat(properties.getString("tambat_provider")).isEqualTo("standard");
                assertThat(properties.getString("tambat_endpoint")).isEqualTo("std");
                assertThat(properties.getString("tambat_event_type")).isEqualTo("payment.updated");
                assertThat(properties.getString("content_type")).isEqualTo("application/json");
                assertThat(Long.parseLong(properties.getString("webhook_timestamp"))).isPositive();
                byte[] body = Base64.getDecoder().decode(message.getString("body"));
                if (row.get("message_type").equals("event")) {
                    assertThat(body).isEqualTo(bodies.get((String) row.get("inbox_id")));
                } else {
                    assertThat(new String(body, StandardCharsets.UTF_8)).contains("\"type\":\"object.state-changed\"");
                }
            }
        }
    }

    private static List<JsonObject> take(URI base) {
        HttpResponse<String> response = Http.send(Http.request(base.resolve("jms-probe/messages?waitMillis=1000"))
                .GET().build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        try (var reader = Json.createReader(new StringReader(response.body()))) {
            JsonArray messages = reader.readArray();
            return messages.getValuesAs(JsonObject.class);
        }
    }

    /** The shop's messaging: Liberty's engine on its own ports, a connection factory and a queue, the probe. */
    private static String messagingEngine() {
        return """
                  <featureManager>
                    <feature>messagingServer-3.0</feature>
                    <feature>messagingClient-3.0</feature>
                  </featureManager>
                  <wasJmsEndpoint host="127.0.0.1" wasJmsPort="%d" wasJmsSSLPort="%d"/>
                  <messagingEngine>
                    <queue id="shopEvents"/>
                  </messagingEngine>
                  <jmsConnectionFactory jndiName="%s">
                    <properties.wasJms/>
                  </jmsConnectionFactory>
                  <jmsQueue jndiName="%s">
                    <properties.wasJms queueName="shopEvents"/>
                  </jmsQueue>
                  <webApplication location="jms-probe.war" contextRoot="/jms-probe"/>
                """.formatted(FreePorts.next(), FreePorts.next(), QueueMessages.CONNECTION_FACTORY, QueueMessages.QUEUE);
    }
}
