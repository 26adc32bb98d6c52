package io.tambat.it.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A forwarding test's schema, emptied before each test, its servers, and payment events delivered to their
 * {@code std} endpoint, with what the database and the admin API say of them. Registered as an extension.
 */
final class ForwardedEvents implements BeforeEachCallback {

    static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final String schema;
    private final TestDatabase db;

    ForwardedEvents(String schema) {
        this.schema = schema;
        this.db = new TestDatabase(schema);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        db.dropSchema();
    }

    TestDatabase db() {
        return db;
    }

    /** A server with processing on, in this schema, with these forwarding settings. */
    TambatServerProcess server(String name, Map<String, String> forwarding) {
        return ProcessingServers.server(name, schema, forwarding);
    }

    /** The destination's item in {@code GET /admin/destinations}. */
    static JsonObject destination(URI server, String id) {
        return Http.json(new AdminClient(server).get("admin/destinations")).getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().filter(item -> item.getString("destination_id").equals(id))
                .findFirst().orElseThrow();
    }

    /** Delivers one payment event about a new object; returns its inbox id. */
    String deliverOne(URI server) {
        return deliver(server, "pay_" + UUID.randomUUID(), 1, "succeeded");
    }

    /** Delivers one payment event; returns its inbox id. */
    String deliver(URI server, String objectId, long version, String state) {
        String messageId = ProcessingServers.newMessageId();
        assertThat(ProcessingServers.deliver(server, messageId,
                ProcessingServers.paymentEvent(objectId, version, state)).statusCode()).isEqualTo(200);
        return inboxId(messageId);
    }

    /** Delivers one payment event and waits until processing ended it; returns its inbox id. */
    String deliverAndProcess(URI server, String objectId, long version, String state) {
        String inboxId = deliver(server, objectId, version, state);
        Eventually.within(CONVERGENCE, () -> assertThat(db.rows("SELECT status FROM webhook_inbox WHERE inbox_id = "
                + "CAST(? AS uuid)", inboxId).get(0)).containsEntry("status", "PROCESSED"));
        return inboxId;
    }

    String inboxId(String providerEventId) {
        return db.rows("SELECT inbox_id::text AS id FROM webhook_inbox WHERE provider_event_id = ?", providerEventId)
                .get(0).get("id").toString();
    }

    Map<String, Object> deliveryRow(String destinationId, String messageId) {
        return db.rows("SELECT status, attempt_count, last_status, last_error FROM forward_delivery "
                + "WHERE destination_id = ? AND message_id = ?", destinationId, messageId).get(0);
    }

    /** Waits until no delivery of the destination is pending, and says how many there are. */
    long awaitAllDelivered(String destinationId) {
        Eventually.within(CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE "
                + "destination_id = ? AND status <> 'DELIVERED'", destinationId)).isZero());
        return db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = ?", destinationId);
    }
}
