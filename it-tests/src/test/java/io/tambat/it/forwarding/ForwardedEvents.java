package io.tambat.it.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/** Payment events delivered to the {@code std} endpoint of a server at its base URI, and what the database says. */
final class ForwardedEvents {

    static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final TestDatabase db;

    ForwardedEvents(TestDatabase db) {
        this.db = db;
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
