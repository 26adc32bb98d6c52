package io.tambat.it.forwarding;

import static io.tambat.it.forwarding.ForwardedEvents.destination;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.forwarding.ForwardingConsumer.Received;
import io.tambat.it.forwarding.ForwardingConsumer.Reply;
import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.FreePorts;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What operators do to a destination, from the runnable jar to a consumer verifying every copy: per-object
 * ordering with a FAILED delivery holding its key until skipped, and kept by two instances sending together,
 * pause and resume, replay of a received range and
 * the bulk redrive of its FAILED deliveries. Asserted on the consumer, on {@code forward_delivery} and on the
 * audit trail.
 */
class ForwardingOperationsIT {

    private static final String SCHEMA = "tambat_forwarding_operations";
    private static final String SECRET = "whsec_b3BlcmF0aW9ucyBzZWNyZXQgMDE=";
    private static final Duration CONVERGENCE = ForwardedEvents.CONVERGENCE;
    /** Retries a few seconds apart for longer than a test: a delivery stays pending, due again soon. */
    private static final String PATIENT = String.join(",", Collections.nCopies(20, "PT3S"));
    /** Far below a poll interval of a minute. */
    private static final Duration WOKEN = Duration.ofSeconds(10);

    @RegisterExtension
    final ForwardedEvents events = new ForwardedEvents(SCHEMA);
    private final TestDatabase db = events.db();

    @Test
    void oneObjectsMessagesGoInOrderAndAFailedOneHoldsItsKeyUntilSkipped() {
        String held = "pay_held_" + UUID.randomUUID();
        String other = "pay_other_" + UUID.randomUUID();
        try (ForwardingConsumer ledger = ForwardingConsumer.listening(SECRET).answering((request, copy) ->
                body(request).contains(held) && body(request).contains("\"version\":1,") ? Reply.status(500)
                        : Reply.ok().after(Duration.ofMillis(50)));
                TambatServerProcess server = server(DestinationSettings.http("ledger", ledger.url(), "v1:" + SECRET,
                        "ORDERING", "per-object", "RETRY_SCHEDULE", "PT0.2S,PT0.2S", "MAX_IN_FLIGHT", "8")).start()
                        .awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(server.baseUri());
            String failing = events.deliver(server.baseUri(), held, 1, "succeeded");
            List<String> behind = new ArrayList<>();
            for (int version = 2; version <= 6; version++) {
                behind.add(events.deliver(server.baseUri(), held, version, "succeeded"));
            }
            List<String> others = new ArrayList<>();
            for (int version = 1; version <= 5; version++) {
                others.add(events.deliver(server.baseUri(), other, version, "succeeded"));
            }

            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("ledger", failing))
                    .containsEntry("status", "FAILED"));
            Eventually.within(CONVERGENCE, () -> assertThat(ledger.acknowledgedIds()).containsAll(others));
            assertThat(arrivalOrder(ledger, others)).as("another object's messages, in order").isEqualTo(others);
            assertThat(behind).allSatisfy(inboxId -> {
                assertThat(events.deliveryRow("ledger", inboxId)).containsEntry("status", "PENDING")
                        .containsEntry("attempt_count", 0);
                assertThat(ledger.copiesOf(inboxId)).isEmpty();
            });
            JsonObject key = Http.json(admin.get("admin/destinations/ledger/held-keys")).getJsonArray("items")
                    .getJsonObject(0);
            assertThat(key.getString("ordering_key")).isEqualTo("standard:std:" + held);
            assertThat(key.getJsonNumber("waiting").longValue()).isEqualTo(5);
            long failedDelivery = key.getJsonNumber("delivery_id").longValue();
            assertThat(destination(server.baseUri(), "ledger").getInt("held_keys")).isEqualTo(1);

            HttpResponse<String> skipped = admin.post("admin/destinations/ledger/deliveries/" + failedDelivery
                    + "/skip", "");
            assertThat(skipped.statusCode()).as(skipped.body()).isEqualTo(200);
            assertThat(Http.json(skipped).getString("status")).isEqualTo("SKIPPED");
            assertThat(admin.post("admin/destinations/ledger/deliveries/" + failedDelivery + "/skip", "")
                    .statusCode()).as("only a FAILED one").isEqualTo(409);

            Eventually.within(CONVERGENCE, () -> assertThat(ledger.acknowledgedIds()).containsAll(behind));
            assertThat(arrivalOrder(ledger, behind)).as("the held key's messages, released in order")
                    .isEqualTo(behind);
            assertThat(events.deliveryRow("ledger", failing)).containsEntry("status", "SKIPPED");
            assertThat(Http.json(admin.get("admin/destinations/ledger/held-keys")).getJsonArray("items")).isEmpty();
            assertThat(audited(admin, "forward_delivery.skip")).hasSize(2);
        }
    }

    /**
     * Both instances poll once a minute: only a wake sends within seconds. The one that stores an event wakes its
     * own sender; one that only receives (processing off) wakes the other's through PostgreSQL.
     */
    @Test
    void aStoredEventIsSentAtOnceByItsOwnInstanceAndByAnotherWokenThroughTheDatabase() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(SECRET);
                TambatServerProcess sender = server("forwarding-woken-sender", polledOnceAMinute(shop, Map.of()))
                        .start();
                TambatServerProcess receiver = server("forwarding-woken-receiver", polledOnceAMinute(shop,
                        Map.of("TAMBAT_PROCESSING_ENABLED", "false"))).start()) {
            sender.awaitReady(ProcessingServers.READY);
            receiver.awaitReady(ProcessingServers.READY);

            String storedBySender = events.deliverOne(sender.baseUri());
            Eventually.within(WOKEN, () -> assertThat(shop.acknowledgedIds()).contains(storedBySender));

            String storedByReceiver = events.deliverOne(receiver.baseUri());
            Eventually.within(WOKEN, () -> assertThat(shop.acknowledgedIds()).contains(storedByReceiver));
            assertThat(shop.received()).allMatch(Received::verified);
        }
    }

    @Test
    void twoInstancesSendingTogetherKeepEachObjectsMessagesInOrder() {
        List<String> objects = List.of("pay_a_" + UUID.randomUUID(), "pay_b_" + UUID.randomUUID());
        try (ForwardingConsumer ledger = ForwardingConsumer.listening(SECRET).answering((request, copy) ->
                // Now and then refused, now and then slow: the next of a key waits either way.
                copy == 1 && Math.floorMod(request.messageId().hashCode(), 5) == 0 ? Reply.status(503)
                        : Reply.ok().after(Duration.ofMillis(
                                Math.floorMod(request.messageId().hashCode(), 3) == 0 ? 150 : 10)));
                TambatServerProcess first = server("forwarding-first", ordered(ledger)).start();
                TambatServerProcess second = server("forwarding-second", ordered(ledger)).start()) {
            first.awaitReady(ProcessingServers.READY);
            second.awaitReady(ProcessingServers.READY);
            Map<String, List<String>> sent = new LinkedHashMap<>();
            for (int version = 1; version <= 12; version++) {
                for (String object : objects) {
                    TambatServerProcess to = version % 2 == 0 ? first : second;
                    sent.computeIfAbsent(object, key -> new ArrayList<>())
                            .add(events.deliver(to.baseUri(), object, version, "succeeded"));
                }
            }

            Eventually.within(CONVERGENCE, () -> assertThat(ledger.acknowledgedIds()).hasSize(24));
            sent.forEach((object, ids) -> assertThat(arrivalOrder(ledger, ids)).as(object + ", in order")
                    .isEqualTo(ids));
            assertThat(ledger.received()).allMatch(Received::verified);
            // The consumer has its answer before the sender writes the end: the last ones follow.
            Eventually.within(CONVERGENCE, () -> assertThat(db.count(
                    "SELECT count(*) FROM forward_delivery WHERE status = 'DELIVERED'")).isEqualTo(24));
        }
    }

    @Test
    void aFailingDestinationIsOneStateOnEveryInstanceProbedOneAtATimeEachFurtherApart() {
        try (ForwardingConsumer down = ForwardingConsumer.listening(SECRET).answering((request, copy) ->
                Reply.status(503).after(Duration.ofMillis(300)));
                TambatServerProcess first = server("forwarding-health-first", failingFast(down)).start();
                TambatServerProcess second = server("forwarding-health-second", failingFast(down)).start()) {
            first.awaitReady(ProcessingServers.READY);
            second.awaitReady(ProcessingServers.READY);
            for (int i = 0; i < 8; i++) {
                events.deliverOne((i % 2 == 0 ? first : second).baseUri());
            }
            Eventually.within(CONVERGENCE, () -> {
                JsonObject onFirst = destination(first.baseUri(), "shop");
                JsonObject onSecond = destination(second.baseUri(), "shop");
                assertThat(onFirst.getString("state")).isEqualTo("failing");
                assertThat(onSecond.getString("state")).isEqualTo("failing");
                assertThat(onFirst.getInt("consecutive_failures")).as("one count for the fleet")
                        .isEqualTo(onSecond.getInt("consecutive_failures"));
                assertThat(onFirst.getString("last_error")).isEqualTo("answered 503");
                assertThat(metrics(second)).containsPattern(state("shop", "failing", 1))
                        .containsPattern(state("shop", "active", 0));
            });
            int before = down.received().size();

            TambatServerProcess.sleep(Duration.ofSeconds(12));

            List<Instant> probes = down.received().subList(before, down.received().size()).stream()
                    .map(Received::at).toList();
            assertThat(probes).as("a probe at 1, 2, 4 and 8 s, not every instance's every turn").hasSizeBetween(1, 5);
            for (int i = 1; i < probes.size(); i++) {
                assertThat(Duration.between(probes.get(i - 1), probes.get(i))).as("one probe at a time, further apart")
                        .isGreaterThanOrEqualTo(Duration.ofMillis(900));
            }
            down.answering((request, copy) -> Reply.ok());
            Eventually.within(CONVERGENCE, () -> assertThat(down.acknowledgedIds()).hasSize(8));
            assertThat(destination(second.baseUri(), "shop").getString("state")).isEqualTo("active");
            assertThat(destination(first.baseUri(), "shop").getInt("consecutive_failures")).isZero();
            Eventually.within(CONVERGENCE, () -> assertThat(metrics(first)).containsPattern(state("shop", "active", 1))
                    .containsPattern(state("shop", "failing", 0)));
        }
    }

    /** Destination {@code shop}, failing after its first refusals, probed after 1 s, 2 s, 4 s, then every 8 s. */
    private static Map<String, String> failingFast(ForwardingConsumer consumer) {
        return DestinationSettings.together(DestinationSettings.http("shop", consumer.url(), "v1:" + SECRET,
                "RETRY_SCHEDULE", String.join(",", Collections.nCopies(3, "PT1S")) + ","
                        + String.join(",", Collections.nCopies(21, "PT8S"))));
    }

    @Test
    void aPausedDestinationGetsNothingUntilResumedAndAReplayOrBulkRedriveSendsTheSameIdsAgain() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(SECRET);
                TambatServerProcess server = server(DestinationSettings.http("shop", shop.url(), "v1:" + SECRET,
                        "RETRY_SCHEDULE", "PT0.2S")).start().awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(server.baseUri());
            Instant start = Instant.now().minusSeconds(1);
            HttpResponse<String> paused = admin.post("admin/destinations/shop/pause", "");
            assertThat(paused.statusCode()).as(paused.body()).isEqualTo(200);
            assertThat(destination(server.baseUri(), "shop").getString("state")).isEqualTo("paused");
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sent.add(events.deliverOne(server.baseUri()));
            }
            TambatServerProcess.sleep(Duration.ofSeconds(3));
            assertThat(shop.received()).as("nothing while paused").isEmpty();
            assertThat(destination(server.baseUri(), "shop").getInt("pending")).isEqualTo(3);

            assertThat(admin.post("admin/destinations/shop/resume", "").statusCode()).isEqualTo(200);
            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).containsExactlyInAnyOrderElementsOf(
                    sent));
            assertThat(destination(server.baseUri(), "shop").getString("state")).isEqualTo("active");

            String range = "{\"received_from\":\"" + start + "\",\"received_to\":\"" + Instant.now().plusSeconds(1)
                    + "\"}";
            HttpResponse<String> replayed = admin.post("admin/destinations/shop/replay", range);
            assertThat(replayed.statusCode()).as(replayed.body()).isEqualTo(200);
            assertThat(Http.json(replayed).getInt("scheduled")).isEqualTo(3);
            Eventually.within(CONVERGENCE, () -> assertThat(sent).allSatisfy(inboxId ->
                    assertThat(shop.copiesOf(inboxId)).hasSize(2).allMatch(Received::verified)));

            shop.answering((request, copy) -> Reply.status(500));
            String failed = events.deliverOne(server.baseUri());
            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", failed))
                    .containsEntry("status", "FAILED"));
            shop.answering((request, copy) -> Reply.ok());
            String laterRange = "{\"received_from\":\"" + start + "\",\"received_to\":\""
                    + Instant.now().plusSeconds(1) + "\"}";
            HttpResponse<String> redriven = admin.post("admin/destinations/shop/redrive", laterRange);
            assertThat(redriven.statusCode()).as(redriven.body()).isEqualTo(200);
            assertThat(Http.json(redriven).getInt("scheduled")).as("the FAILED one only").isEqualTo(1);
            Eventually.within(CONVERGENCE, () -> assertThat(events.deliveryRow("shop", failed))
                    .containsEntry("status", "DELIVERED"));

            assertThat(admin.post("admin/destinations/shop/replay", "{\"received_from\":\"" + start + "\"}")
                    .statusCode()).as("a range has two ends").isEqualTo(400);
            assertThat(admin.post("admin/destinations/nowhere/pause", "").statusCode()).isEqualTo(404);
            assertThat(audited(admin, "destination.pause")).hasSize(1);
            assertThat(audited(admin, "destination.resume")).hasSize(1);
            assertThat(audited(admin, "destination.replay")).singleElement()
                    .satisfies(entry -> assertThat(entry.toString()).contains("\"shop\""));
            assertThat(audited(admin, "destination.bulk_redrive")).hasSize(1);
        }
    }

    @Test
    void whatAPausedDestinationStillNeedsOutlivesEveryRetentionAndIsSentOnceResumed() {
        try (ForwardingConsumer shop = ForwardingConsumer.listening(SECRET);
                ForwardingConsumer live = ForwardingConsumer.listening(SECRET);
                TambatServerProcess server = server("forwarding-retention", retained(Map.of(
                        "TAMBAT_RETENTION_PAYLOADS", "PT1S",
                        "TAMBAT_RETENTION_PROCESSED_EVENTS", "PT1S",
                        "TAMBAT_RETENTION_FINISHED_ROWS", "PT3S",
                        "TAMBAT_RETENTION_INTERVAL", "PT1S"), shop, live)).start()
                        .awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(server.baseUri());
            String forgotten = events.deliverAndProcess(server.baseUri(), "pay_forgotten", 1, "succeeded");
            Eventually.within(CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM forward_delivery"
                    + " WHERE status = 'DELIVERED'")).isEqualTo(4));
            assertThat(admin.post("admin/destinations/shop/pause", "").statusCode()).isEqualTo(200);

            String messageId = ProcessingServers.newMessageId();
            byte[] body = ProcessingServers.paymentEvent("pay_kept", 1, "succeeded");
            assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).statusCode()).isEqualTo(200);
            String kept = events.inboxId(messageId);
            Eventually.within(CONVERGENCE, () -> assertThat(live.acknowledgedIds()).contains(kept).hasSize(4));
            Eventually.within(CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM webhook_inbox"
                    + " WHERE inbox_id = CAST(? AS uuid)", forgotten)).as("retention ran past every window").isZero());

            assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)"
                    + " AND payload_ciphertext IS NOT NULL", kept)).as("the payload the paused event waits for")
                    .isEqualTo(1);
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", kept))
                    .as("the mutation its paused state change waits for").isEqualTo(1);
            assertThat(shop.received()).extracting(Received::messageId).doesNotContain(kept);

            assertThat(admin.post("admin/destinations/shop/resume", "").statusCode()).isEqualTo(200);
            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).hasSize(4));
            assertThat(shop.copiesOf(kept)).singleElement().satisfies(event -> {
                assertThat(event.verified()).isTrue();
                assertThat(event.body()).as("the original bytes").isEqualTo(body);
            });
            assertThat(shop.received()).filteredOn(copy -> "state-change".equals(copy.header("tambat-message-type"))
                    && body(copy).contains("\"pay_kept\"")).singleElement()
                    .satisfies(change -> assertThat(body(change)).contains("\"state\":\"succeeded\""));
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE status <> 'DELIVERED'")).isZero();
        }
    }

    @Test
    void aRemovedDestinationIsListedWithItsDeliveriesWhichAreDiscardedOrSentOnceItIsConfiguredAgain() {
        String unreachable = "http://127.0.0.1:" + FreePorts.next() + "/hooks";
        List<String> sent = new ArrayList<>();
        try (ForwardingConsumer shop = ForwardingConsumer.listening(SECRET);
                TambatServerProcess server = server("forwarding-removed", DestinationSettings.together(
                        DestinationSettings.http("shop", shop.url(), "v1:" + SECRET),
                        DestinationSettings.http("gone", unreachable, "v1:" + SECRET, "RETRY_SCHEDULE", PATIENT),
                        DestinationSettings.http("dropped", unreachable, "v1:" + SECRET, "RETRY_SCHEDULE", PATIENT)))
                        .start().awaitReady(ProcessingServers.READY)) {
            for (int i = 0; i < 3; i++) {
                sent.add(events.deliverOne(server.baseUri()));
            }
            Eventually.within(CONVERGENCE, () -> assertThat(shop.acknowledgedIds()).hasSize(3));
        }

        try (TambatServerProcess server = server("forwarding-removed", DestinationSettings.together(
                DestinationSettings.http("shop", "http://127.0.0.1:1/hooks", "v1:" + SECRET))).start()
                .awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(server.baseUri());
            JsonObject dropped = destination(server.baseUri(), "dropped");
            assertThat(dropped.getString("state")).isEqualTo("removed");
            assertThat(dropped.isNull("kind")).isTrue();
            assertThat(dropped.getInt("pending") + dropped.getInt("failed")).isEqualTo(3);
            assertThat(destination(server.baseUri(), "gone").getString("state")).isEqualTo("removed");
            assertThat(Http.json(admin.get("admin/destinations/dropped/deliveries")).getJsonArray("items"))
                    .hasSize(3);
            assertThat(metrics(server)).containsPattern(state("dropped", "removed", 1));

            HttpResponse<String> configured = admin.post("admin/destinations/shop/discard", "");
            assertThat(configured.statusCode()).as(configured.body()).isEqualTo(409);
            assertThat(Http.json(configured).getString("code")).isEqualTo("destination_configured");
            HttpResponse<String> discarded = admin.post("admin/destinations/dropped/discard", "");
            assertThat(discarded.statusCode()).as(discarded.body()).isEqualTo(200);
            assertThat(Http.json(discarded).getInt("discarded")).isEqualTo(3);
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'dropped'"
                    + " AND status = 'SKIPPED'")).isEqualTo(3);
            assertThat(Http.json(admin.get("admin/destinations")).getJsonArray("items").getValuesAs(JsonObject.class))
                    .extracting(item -> item.getString("destination_id")).containsExactly("shop", "gone");
            assertThat(admin.post("admin/destinations/dropped/discard", "").statusCode()).isEqualTo(404);
            Eventually.within(CONVERGENCE, () -> assertThat(metrics(server))
                    .containsPattern(state("dropped", "removed", 0)));
            assertThat(audited(admin, "destination.discard")).singleElement()
                    .satisfies(entry -> assertThat(entry.toString()).contains("\"dropped\""));
        }

        try (ForwardingConsumer gone = ForwardingConsumer.listening(SECRET);
                TambatServerProcess server = server("forwarding-removed", DestinationSettings.together(
                        DestinationSettings.http("gone", gone.url(), "v1:" + SECRET, "RETRY_SCHEDULE", PATIENT))).start()
                        .awaitReady(ProcessingServers.READY)) {
            Eventually.within(CONVERGENCE, () -> assertThat(gone.acknowledgedIds())
                    .as("configured again, it goes on where it was").containsExactlyInAnyOrderElementsOf(sent));
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'dropped'"
                    + " AND status = 'SKIPPED'")).isEqualTo(3);
        }
    }

    @Test
    void aReplayFillsANewDestinationWithTheEventsAndStateChangesItNeverHad() {
        Instant start = Instant.now().minusSeconds(1);
        Map<String, byte[]> before = new LinkedHashMap<>();
        try (TambatServerProcess server = server("forwarding-backfill", Map.of()).start()
                .awaitReady(ProcessingServers.READY)) {
            for (int i = 0; i < 3; i++) {
                String messageId = ProcessingServers.newMessageId();
                byte[] body = ProcessingServers.paymentEvent("pay_" + UUID.randomUUID(), 1, "succeeded");
                assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).statusCode()).isEqualTo(200);
                before.put(messageId, body);
            }
            Eventually.within(CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM object_mutation"))
                    .isEqualTo(3));
        }

        try (ForwardingConsumer late = ForwardingConsumer.listening(SECRET);
                TambatServerProcess server = server("forwarding-backfill", DestinationSettings.together(
                        DestinationSettings.http("late", late.url(), "v1:" + SECRET, "MESSAGES",
                                "events,state-changes"))).start().awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(server.baseUri());
            String after = events.deliverAndProcess(server.baseUri(), "pay_after", 1, "succeeded");
            Eventually.within(CONVERGENCE, () -> assertThat(late.acknowledgedIds()).hasSize(2));

            HttpResponse<String> replayed = admin.post("admin/destinations/late/replay", "{\"received_from\":\""
                    + start + "\",\"received_to\":\"" + Instant.now().plusSeconds(1) + "\"}");

            assertThat(replayed.statusCode()).as(replayed.body()).isEqualTo(200);
            assertThat(Http.json(replayed).getInt("scheduled")).as("its own two again, and two of each it never had")
                    .isEqualTo(2 + 2 * before.size());
            Eventually.within(CONVERGENCE, () -> assertThat(late.acknowledgedIds()).hasSize(2 + 2 * before.size()));
            before.forEach((providerEventId, body) -> assertThat(late.copiesOf(events.inboxId(providerEventId)))
                    .singleElement().satisfies(copy -> {
                        assertThat(copy.verified()).isTrue();
                        assertThat(copy.body()).isEqualTo(body);
                    }));
            assertThat(late.copiesOf(after)).as("sent again by the replay").hasSize(2);
            assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'late'"
                    + " AND message_type = 'state-change' AND status = 'DELIVERED'")).isEqualTo(1 + before.size());
        }
    }

    private static String metrics(TambatServerProcess server) {
        return Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build()).body();
    }

    /** The line of {@code tambat_forwarding_state} for this destination and state, with this value. */
    private static String state(String destinationId, String state, int value) {
        return "tambat_forwarding_state\\{destination=\"" + destinationId + "\"[^}]*state=\"" + state + "\"[^}]*} "
                + value + "(\\.0)?\n";
    }

    private static String body(Received request) {
        return new String(request.body(), StandardCharsets.UTF_8);
    }

    /** The given message ids in the order their first copy arrived. */
    private static List<String> arrivalOrder(ForwardingConsumer consumer, List<String> ids) {
        return consumer.received().stream().map(Received::messageId).filter(ids::contains).distinct().toList();
    }

    private static List<JsonObject> audited(AdminClient admin, String action) {
        return Http.json(admin.get("admin/audit?action=" + action + "&limit=10")).getJsonArray("items")
                .getValuesAs(JsonObject.class);
    }

    private TambatServerProcess server(DestinationSettings destination) {
        return server("forwarding-operations", DestinationSettings.together(destination));
    }

    private TambatServerProcess server(String name, Map<String, String> settings) {
        return events.server(name, settings);
    }

    /** Destinations {@code shop} and {@code live} taking events and state changes, with these other settings. */
    private static Map<String, String> retained(Map<String, String> settings, ForwardingConsumer shop,
            ForwardingConsumer live) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(DestinationSettings.together(
                DestinationSettings.http("shop", shop.url(), "v1:" + SECRET, "MESSAGES", "events,state-changes"),
                DestinationSettings.http("live", live.url(), "v1:" + SECRET, "MESSAGES", "events,state-changes")));
        return all;
    }

    /** Destination {@code shop} taking events, on an instance that polls for work once a minute. */
    private static Map<String, String> polledOnceAMinute(ForwardingConsumer shop, Map<String, String> settings) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("TAMBAT_PROCESSING_POLL_INTERVAL", "PT60S");
        all.putAll(DestinationSettings.together(DestinationSettings.http("shop", shop.url(), "v1:" + SECRET)));
        return all;
    }

    /** Destination {@code ledger}, in order per object, retried quickly. */
    private static Map<String, String> ordered(ForwardingConsumer consumer) {
        return DestinationSettings.together(DestinationSettings.http("ledger", consumer.url(), "v1:" + SECRET,
                "ORDERING", "per-object", "RETRY_SCHEDULE", "PT0.3S,PT0.3S,PT0.3S"));
    }
}
