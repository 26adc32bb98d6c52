package io.tambat.it.forwarding;

import static io.tambat.it.forwarding.ForwardedEvents.destination;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.forwarding.ForwardingConsumer.Received;
import io.tambat.it.forwarding.ForwardingConsumer.Reply;
import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Events forwarded over HTTP from the runnable jar to a consumer that verifies each with the Standard Webhooks
 * reference library, through refusals, a consumer that is down, a crash between sending and marking delivered,
 * and a slow destination beside a healthy one. After each: every message delivered at least once, every copy
 * with its one id (the event's inbox id) and its exact bytes; asserted on the consumer and on
 * {@code forward_delivery}.
 */
class HttpForwardingIT {

    private static final String SCHEMA = "tambat_forwarding_http";
    /** The destination's two secret versions: every request is signed with both, the consumer knows the new. */
    private static final String OLD_SECRET = "whsec_b2xkIHNpZ25pbmcgc2VjcmV0IDAx";
    private static final String NEW_SECRET = "whsec_bmV3IHNpZ25pbmcgc2VjcmV0IDAy";
    private static final Duration CONVERGENCE = ForwardedEvents.CONVERGENCE;

    @RegisterExtension
    final ForwardedEvents events = new ForwardedEvents(SCHEMA);
    private final TestDatabase db = events.db();

    @Test
    void everyEventReachesTheConsumerVerifiedWithItsInboxIdAndItsExactBytes() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET);
                TambatServerProcess server = server(destinations(
                        http("shop", shop.url()),
                        http("refunds", shop.url(), "EVENT_TYPES", "refund.*"))).start()
                        .awaitReady(ProcessingServers.READY)) {
            Map<String, byte[]> sent = new LinkedHashMap<>();
            for (int i = 0; i < 10; i++) {
                String messageId = ProcessingServers.newMessageId();
                byte[] body = ProcessingServers.paymentEvent("pay_" + UUID.randomUUID(), 1, "succeeded");
                assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).statusCode()).isEqualTo(200);
                sent.put(messageId, body);
            }

            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).hasSize(sent.size()));
            sent.forEach((providerEventId, body) -> {
                String inboxId = events.inboxId(providerEventId);
                assertThat(shop.copiesOf(inboxId)).singleElement().satisfies(copy -> {
                    assertThat(copy.verified()).isTrue();
                    assertThat(copy.body()).isEqualTo(body);
                    assertThat(copy.header("content-type")).isEqualTo("application/json");
                    assertThat(copy.header("webhook-signature").split(" ")).hasSize(2).allMatch(
                            signature -> signature.startsWith("v1,"));
                    assertThat(copy.header("tambat-message-type")).isEqualTo("event");
                    assertThat(copy.header("tambat-inbox-id")).isEqualTo(inboxId);
                    assertThat(copy.header("tambat-provider")).isEqualTo("standard");
                    assertThat(copy.header("tambat-endpoint")).isEqualTo("std");
                    assertThat(copy.header("tambat-event-type")).isEqualTo("payment.updated");
                    assertThat(copy.header("tambat-provider-event-id")).isEqualTo(providerEventId);
                });
            });
            assertThat(db.rows("SELECT status, attempt_count, message_type, message_id = inbox_id::text AS by_inbox_id "
                    + "FROM forward_delivery WHERE destination_id = 'shop'")).hasSize(sent.size()).allSatisfy(row ->
                    assertThat(row).containsEntry("status", "DELIVERED").containsEntry("attempt_count", 1)
                            .containsEntry("message_type", "event").containsEntry("by_inbox_id", true));
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'refunds'")).isZero();

            JsonObject shopState = destination(server.baseUri(), "shop");
            assertThat(shopState.getString("kind")).isEqualTo("http");
            assertThat(shopState.getString("state")).isEqualTo("active");
            assertThat(shopState.getInt("pending")).isZero();
            assertThat(shopState.getInt("failed")).isZero();
            assertThat(shopState.isNull("last_delivered_at")).isFalse();
        }
    }

    @Test
    void everyAppliedStateChangeReachesItsTakersOnceUnderItsOwnStableIdSayingWhatWasApplied() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET);
                ForwardingConsumer ledger = ForwardingConsumer.listening(NEW_SECRET);
                TambatServerProcess server = server(destinations(
                        http("shop", shop.url(), "MESSAGES", "events,state-changes"),
                        http("ledger", ledger.url(), "MESSAGES", "state-changes"))).start()
                        .awaitReady(ProcessingServers.READY)) {
            String objectId = "pay_" + UUID.randomUUID();
            String first = events.deliverAndProcess(server.baseUri(), objectId, 1, "succeeded");
            String second = events.deliverAndProcess(server.baseUri(), objectId, 2, "refunded");
            String stale = events.deliverAndProcess(server.baseUri(), objectId, 1, "succeeded");

            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).hasSize(5));
            Eventually.within(CONVERGENCE, () -> assertThat(ledger.acknowledgedIds()).hasSize(2));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", stale))
                    .as("version 1 after version 2 changed nothing").isZero();
            for (String inboxId : List.of(first, second)) {
                Map<String, Object> mutation = db.rows("SELECT object_type, state, version, applied_at FROM "
                        + "object_mutation WHERE inbox_id = CAST(? AS uuid)", inboxId).get(0);
                Map<String, Object> row = db.rows("SELECT message_id, status, created_at FROM forward_delivery "
                        + "WHERE destination_id = 'ledger' AND inbox_id = CAST(? AS uuid)", inboxId).get(0);
                String messageId = (String) row.get("message_id");
                assertThat(messageId).isNotEqualTo(inboxId);
                assertThat(row).containsEntry("status", "DELIVERED");
                assertThat(db.rows("SELECT message_type, message_id FROM forward_delivery WHERE destination_id = "
                        + "'shop' AND inbox_id = CAST(? AS uuid) ORDER BY message_type", inboxId)).as(
                        "the event under its inbox id, its state change under the id every destination sees")
                        .containsExactly(Map.of("message_type", "event", "message_id", inboxId),
                                Map.of("message_type", "state-change", "message_id", messageId));
                for (ForwardingConsumer consumer : List.of(shop, ledger)) {
                    assertThat(consumer.copiesOf(messageId)).singleElement().satisfies(copy -> {
                        assertThat(copy.verified()).isTrue();
                        assertThat(copy.header("content-type")).isEqualTo("application/json");
                        assertThat(copy.header("tambat-message-type")).isEqualTo("state-change");
                        assertThat(copy.header("tambat-inbox-id")).isEqualTo(inboxId);
                        assertThat(copy.header("tambat-event-type")).isEqualTo("payment.updated");
                        JsonObject body = Http.json(new String(copy.body(), StandardCharsets.UTF_8));
                        assertThat(body.getString("type")).isEqualTo("object.state-changed");
                        assertThat(body.getString("inbox_id")).isEqualTo(inboxId);
                        assertThat(body.getString("provider")).isEqualTo("standard");
                        assertThat(body.getString("endpoint_id")).isEqualTo("std");
                        assertThat(body.getString("object_type")).isEqualTo(mutation.get("object_type"));
                        assertThat(body.getString("object_id")).isEqualTo(objectId);
                        assertThat(body.getString("state")).isEqualTo(mutation.get("state"));
                        assertThat(body.getJsonNumber("version").longValue()).isEqualTo(mutation.get("version"));
                        assertThat(Instant.parse(body.getString("applied_at")))
                                .isEqualTo(((Timestamp) mutation.get("applied_at")).toInstant());
                    });
                }
            }
            assertThat(shop.copiesOf(stale)).as("the stale event itself is forwarded").hasSize(1);
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE message_type = 'state-change' "
                    + "AND inbox_id = CAST(? AS uuid)", stale)).isZero();
        }
    }

    @Test
    void refusalsAreRetriedOnTheScheduleAndRetryAfterIsHonoured() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET).answering((request, copy) ->
                switch (copy) {
                    case 1 -> Reply.status(500);
                    case 2 -> Reply.status(429).with("Retry-After", "3");
                    default -> Reply.ok();
                });
                TambatServerProcess server = server(destinations(
                        // Retry-After is honoured up to the schedule's longest wait.
                        http("shop", shop.url(), "RETRY_SCHEDULE", "PT0.5S,PT0.5S,PT10S"))).start()
                        .awaitReady(ProcessingServers.READY)) {
            String inboxId = events.deliverOne(server.baseUri());

            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).containsExactly(inboxId));
            List<Received> copies = shop.copiesOf(inboxId);
            assertThat(copies).hasSize(3).allMatch(Received::verified);
            assertThat(Duration.between(copies.get(0).at(), copies.get(1).at())).isLessThan(Duration.ofSeconds(3));
            assertThat(Duration.between(copies.get(1).at(), copies.get(2).at()))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(2_900));
            assertThat(Long.parseLong(copies.get(2).header("webhook-timestamp")))
                    .as("each attempt is signed at its own time")
                    .isGreaterThan(Long.parseLong(copies.get(0).header("webhook-timestamp")));
            // The consumer has the copy as soon as it answers; the sender records the answer a moment later.
            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", inboxId))
                    .containsEntry("status", "DELIVERED").containsEntry("attempt_count", 3)
                    .containsEntry("last_status", 204));
        }
    }

    @Test
    void aDeliveryFailsAfterItsLastAttemptAndARedriveSendsItAgainWithTheSameId() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET)
                .answering((request, copy) -> Reply.status(500));
                TambatServerProcess server = server(destinations(
                        http("shop", shop.url(), "RETRY_SCHEDULE", "PT0.2S,PT0.2S"))).start()
                        .awaitReady(ProcessingServers.READY)) {
            String inboxId = events.deliverOne(server.baseUri());
            AdminClient admin = new AdminClient(server.baseUri());

            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", inboxId))
                    .containsEntry("status", "FAILED"));
            assertThat(shop.copiesOf(inboxId)).hasSize(3);
            JsonObject failed = Http.json(admin.get("admin/destinations/shop/deliveries?status=FAILED"))
                    .getJsonArray("items").getJsonObject(0);
            assertThat(failed.getString("message_id")).isEqualTo(inboxId);
            assertThat(failed.getInt("attempt_count")).isEqualTo(3);
            assertThat(failed.getInt("last_status")).isEqualTo(500);
            assertThat(failed.getString("last_error")).contains("answered 500");
            assertThat(destination(server.baseUri(), "shop").getInt("failed")).isEqualTo(1);

            shop.answering((request, copy) -> Reply.ok());
            String redrive = "admin/destinations/shop/deliveries/" + failed.getJsonNumber("delivery_id") + "/redrive";
            assertThat(admin.post(redrive, "").statusCode()).isEqualTo(200);
            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).containsExactly(inboxId));
            assertThat(shop.copiesOf(inboxId)).hasSize(4).allMatch(Received::verified);
            assertThat(events.deliveryRow("shop", inboxId)).containsEntry("status", "DELIVERED");
            HttpResponse<String> again = admin.post(redrive, "");
            assertThat(again.statusCode()).isEqualTo(409);
            assertThat(again.body()).contains("\"not_failed\"");
            // Both calls are in the audit trail; only the first changed a delivery.
            assertThat(db.rows("SELECT item_count FROM operator_action WHERE action = 'forward_delivery.redrive' "
                    + "ORDER BY at")).extracting(row -> row.get("item_count")).containsExactly(1L, 0L);
        }
    }

    @Test
    void aRedirectIsNotFollowed() {
        try (ForwardingConsumer elsewhere = ForwardingConsumer.listening(NEW_SECRET);
                ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET).answering((request, copy) ->
                        Reply.status(307).with("Location", elsewhere.url()));
                TambatServerProcess server = server(destinations(
                        http("shop", shop.url(), "RETRY_SCHEDULE", "PT0.2S"))).start()
                        .awaitReady(ProcessingServers.READY)) {
            String inboxId = events.deliverOne(server.baseUri());

            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", inboxId))
                    .containsEntry("status", "FAILED").containsEntry("last_status", 307));
            assertThat(shop.copiesOf(inboxId)).hasSize(2);
            assertThat(elsewhere.received()).isEmpty();
        }
    }

    @Test
    void aCrashBetweenSendingAndMarkingDeliveredSendsTheSameIdAgainBeforeTheObjectsNextMessage() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET)) {
            // A lease of 33 s (the shared 3 s and the timeout): the restarted server is ready well before it ends.
            Map<String, String> destination = destinations(http("shop", shop.url(), "TIMEOUT", "PT30S", "ORDERING",
                    "per-object"));
            String objectId = "pay_" + UUID.randomUUID();
            String inboxId;
            Map<String, String> armed = new HashMap<>(destination);
            armed.put("TAMBAT_FAILPOINTS", "forward.after-send");
            try (TambatServerProcess first = server(armed).start().awaitReady(ProcessingServers.READY)) {
                inboxId = events.deliver(first.baseUri(), objectId, 1, "succeeded");
                assertThat(first.awaitExit(CONVERGENCE)).isEqualTo(TambatServerProcess.HALTED);
            }
            assertThat(shop.copiesOf(inboxId)).hasSize(1);
            assertThat(events.deliveryRow("shop", inboxId)).containsEntry("status", "PENDING")
                    .containsEntry("attempt_count", 1);

            try (TambatServerProcess restarted = server(destination).start().awaitReady(ProcessingServers.READY)) {
                // Accepted while the first message's lease still runs: it waits for that one's second copy, where
                // without ordering it would go at once.
                String next = events.deliver(restarted.baseUri(), objectId, 2, "succeeded");
                Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", next))
                        .containsEntry("status", "DELIVERED"));
                assertThat(shop.received().stream().map(Received::messageId).toList())
                        .as("the same id again, then the object's next message").containsExactly(inboxId, inboxId, next);
            }
            assertThat(shop.copiesOf(inboxId)).hasSize(2).allMatch(Received::verified);
            assertThat(events.deliveryRow("shop", inboxId)).containsEntry("status", "DELIVERED")
                    .containsEntry("attempt_count", 2);
        }
    }

    @Test
    void aConsumerDownForHalfAMinuteGetsEveryEventOnceItIsBack() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET);
                TambatServerProcess server = server(destinations(http("shop", shop.url(), "RETRY_SCHEDULE",
                        String.join(",", Collections.nCopies(30, "PT2S"))))).start()
                        .awaitReady(ProcessingServers.READY)) {
            shop.down();
            List<String> inboxIds = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                inboxIds.add(events.deliverOne(server.baseUri()));
            }
            Eventually.within(CONVERGENCE, () -> {
                JsonObject state = destination(server.baseUri(), "shop");
                assertThat(state.getString("state")).isEqualTo("failing");
                assertThat(state.getInt("consecutive_failures")).isGreaterThanOrEqualTo(5);
                assertThat(state.getString("last_error")).startsWith("connection:");
            });
            TambatServerProcess.sleep(Duration.ofSeconds(30));
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE status = 'PENDING'")).isEqualTo(5);

            shop.up();
            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds())
                    .containsExactlyInAnyOrderElementsOf(inboxIds));
            assertThat(shop.received()).allMatch(Received::verified);
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE status = 'DELIVERED'")).isEqualTo(5);
            Eventually.within(CONVERGENCE, () -> assertThat(destination(server.baseUri(), "shop").getString("state"))
                    .isEqualTo("active"));
        }
    }

    @Test
    void aConsumerTricklingAnEndlessBodyAfterItsStatusHoldsNoSlot() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(NEW_SECRET)
                .answering((request, copy) -> Reply.status(200).trickling());
                TambatServerProcess server = server(destinations(http("shop", shop.url(), "TIMEOUT", "PT2S",
                        "MAX_IN_FLIGHT", "1"))).start().awaitReady(ProcessingServers.READY)) {
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                sent.add(events.deliverOne(server.baseUri()));
            }

            Eventually.within(Duration.ofSeconds(30), () -> assertThat(db.rows("SELECT status, attempt_count"
                    + " FROM forward_delivery WHERE destination_id = 'shop'")).hasSize(sent.size()).allSatisfy(row ->
                    assertThat(row).containsEntry("status", "DELIVERED").containsEntry("attempt_count", 1)));
            assertThat(shop.received()).extracting(Received::messageId).as("each once, one slot after the other")
                    .containsExactlyInAnyOrderElementsOf(sent);
        }
    }

    @Test
    void aSlowDestinationDoesNotDelayAHealthyOne() {
        try (ForwardingConsumer slow = ForwardingConsumer.listening(NEW_SECRET)
                .answering((request, copy) -> Reply.ok().after(Duration.ofSeconds(4)));
                ForwardingConsumer fast = ForwardingConsumer.listening(NEW_SECRET);
                TambatServerProcess server = server(destinations(
                        http("slow", slow.url(), "TIMEOUT", "PT10S", "MAX_IN_FLIGHT", "2"),
                        http("fast", fast.url()))).start().awaitReady(ProcessingServers.READY)) {
            Map<String, Instant> acceptedAt = new LinkedHashMap<>();
            for (int i = 0; i < 20; i++) {
                String inboxId = events.deliverOne(server.baseUri());
                acceptedAt.put(inboxId, Instant.now());
            }

            Eventually.within(CONVERGENCE, () -> assertThat(fast.acknowledgedIds()).hasSize(acceptedAt.size()));
            for (Received copy : fast.received()) {
                assertThat(Duration.between(acceptedAt.get(copy.messageId()), copy.at()))
                        .as("from acceptance to the healthy consumer").isLessThan(Duration.ofSeconds(3));
            }
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'slow' "
                    + "AND status = 'PENDING'")).as("the slow one's backlog at that moment").isGreaterThan(10);
            assertThat(slow.received()).hasSizeLessThanOrEqualTo(6);
        }
    }

    private TambatServerProcess server(Map<String, String> forwarding) {
        return events.server("forwarding-http", forwarding);
    }

    /** An HTTP destination signing with both secret versions, plus property/value pairs. */
    private static DestinationSettings http(String id, String url, String... properties) {
        return DestinationSettings.http(id, url, "v1:" + OLD_SECRET + ",v2:" + NEW_SECRET, properties);
    }

    private static Map<String, String> destinations(DestinationSettings... each) {
        return DestinationSettings.together(each);
    }
}
