package io.tambat.it.processing;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.tambat.it.processing.MarkedStripeEvents.accepted;
import static io.tambat.it.processing.MarkedStripeEvents.event;
import static io.tambat.it.processing.MarkedStripeEvents.newEventId;
import static io.tambat.it.processing.MarkedStripeEvents.revealedExactly;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.ProblemAssertions;
import io.tambat.it.support.S3Server;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Payloads kept in an S3-compatible object store ({@code TAMBAT_PAYLOADS_STORE=s3}; s3proxy, which the server
 * reaches through a proxy the test can cut): an accepted delivery's body is sealed and put at
 * {@code <prefix>/yyyy/MM/dd/HH/<inbox id>} before its row commits, the row naming the object instead of holding
 * the ciphertext; processing and the operator's reveal read it back from there. A duplicate stores no second row
 * but leaves the object it put, for the orphan sweep; a store that is away refuses deliveries with a retryable 503
 * and stores nothing; retention deletes the object with the payload. One server serves the class, in a schema of
 * its own; retention runs on one of its own, with its windows shortened to seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PayloadObjectStoreIT {

    private static final String SCHEMA = "tambat_payload_objects";
    private static final String RETENTION_SCHEMA = SCHEMA + "_retention";
    private static final String SECRET = "whsec_it_payload_objects";
    private static final String API_KEY = "sk_test_it_payload_objects_key";
    /** What the class's server puts its objects under; the retention server has a prefix of its own. */
    private static final String PREFIX = "payloads";
    private static final String RETENTION_PREFIX = "retained";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);
    /** How long a sender keeps retrying once the store is back. */
    private static final Duration RECOVERY = Duration.ofSeconds(30);
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy/MM/dd/HH", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    /** Stripe's API as WireMock: every payment intent has succeeded. */
    private static final Consumer<WireMockServer> STRIPE_API = stripe -> stripe.stubFor(
            get(urlPathMatching("/v1/payment_intents/.*"))
                    .willReturn(okJson("{\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));

    private final MarkedStripeEvents events = new MarkedStripeEvents(SECRET);

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final S3Server store = new S3Server("tambat-it-payloads");
    /** The server, and Stripe's API as WireMock; it keeps payloads in the store. */
    private final ServerWithWireMock server = new ServerWithWireMock("payload-objects", SCHEMA,
            ProcessingServers.READY, stripeApiUrl -> settings(stripeApiUrl, PREFIX, Map.of())).stubbing(STRIPE_API);

    /** The store first: the server's settings name where it listens. */
    @BeforeAll
    void start() {
        store.start();
        server.start();
    }

    @AfterAll
    void stop() {
        server.close();
        store.close();
    }

    @Test
    void keepsTheSealedBodyInTheObjectStoreAndProcessesIt() {
        String eventId = newEventId();
        String marker = "card-holder-" + UUID.randomUUID();
        byte[] body = event(eventId, marker);

        String inboxId = accepted(events.deliver(server.baseUri(), body));

        Map<String, Object> row = row(db, inboxId);
        String key = objectKey(row, inboxId);
        assertThat(row).containsEntry("payload_ciphertext", null).containsEntry("payload_object", key)
                .containsEntry("payload_key_id", "it1/row");
        assertThat(store.keys(PREFIX + "/").stream().filter(object -> object.endsWith("/" + inboxId)))
                .containsExactly(PREFIX + "/" + key);
        assertThat(new String(store.bytes(PREFIX + "/" + key), StandardCharsets.ISO_8859_1))
                .as("the object holds ciphertext only")
                .doesNotContain(new String(body, StandardCharsets.ISO_8859_1))
                .doesNotContain(marker).doesNotContain(eventId).doesNotContain("payment_intent");

        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", inboxId))
                .isEqualTo(1);
        revealedExactly(server.admin().post("admin/inbox/" + inboxId + "/payload", null), body);
        assertThat(row(db, inboxId)).containsEntry("payload_object", key);
    }

    @Test
    void aDuplicateStoresOneRowAndLeavesItsObjectToTheSweep() {
        String eventId = newEventId();
        byte[] body = event(eventId, "duplicate-" + UUID.randomUUID());
        List<String> before = store.keys(PREFIX + "/");

        String inboxId = accepted(events.deliver(server.baseUri(), body));
        HttpResponse<String> again = events.deliver(server.baseUri(), body);

        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(Http.json(again).getString("status")).isEqualTo("duplicate");
        assertThat(Http.json(again).getString("inbox_id")).isEqualTo(inboxId);
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
        String named = PREFIX + "/" + objectKey(row(db, inboxId), inboxId);
        List<String> added = store.keys(PREFIX + "/").stream().filter(key -> !before.contains(key)).toList();
        assertThat(added).as("one object per delivery").hasSize(2).contains(named);
        String orphan = added.stream().filter(key -> !key.equals(named)).findFirst().orElseThrow();
        assertThat(orphan).matches(PREFIX + "/\\d{4}/\\d{2}/\\d{2}/\\d{2}/[0-9a-f-]{36}");
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)",
                orphan.substring(orphan.lastIndexOf('/') + 1))).as("no row names the duplicate's object").isZero();

        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
        assertThat(store.keys(PREFIX + "/")).as("an orphan of an hour not yet settled stays").contains(named, orphan);
    }

    @Test
    void answers503WhileTheStoreIsDownAndAcceptsOnceItIsBack() {
        String eventId = newEventId();
        byte[] body = event(eventId, "outage-" + UUID.randomUUID());
        List<String> before = store.keys(PREFIX + "/");

        store.down();
        HttpResponse<String> during;
        try {
            during = events.deliver(server.baseUri(), body);
        } finally {
            store.up();
        }

        ProblemAssertions.assertProblem(during, 503, "storage_unavailable");
        assertThat(during.headers().firstValue("Retry-After")).isPresent();
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isZero();
        assertThat(store.keys(PREFIX + "/")).isEqualTo(before);

        // The sender retries, as a provider does after a 503.
        AtomicReference<HttpResponse<String>> after = new AtomicReference<>();
        Eventually.within(RECOVERY, () -> {
            after.set(events.deliver(server.baseUri(), body));
            assertThat(after.get().statusCode()).as(after.get().body()).isEqualTo(200);
        });
        String inboxId = accepted(after.get());
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
        Map<String, Object> row = row(db, inboxId);
        String key = objectKey(row, inboxId);
        assertThat(row).containsEntry("payload_ciphertext", null).containsEntry("payload_object", key);
        assertThat(store.keys(PREFIX + "/" + key)).containsExactly(PREFIX + "/" + key);
        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
    }

    @Test
    void retentionDeletesTheObjectWithThePayload() {
        TestDatabase retained = new TestDatabase(RETENTION_SCHEMA);
        try (ServerWithWireMock retaining = new ServerWithWireMock("payload-objects-retention", RETENTION_SCHEMA,
                ProcessingServers.READY, stripeApiUrl -> settings(stripeApiUrl, RETENTION_PREFIX, Map.of(
                        "TAMBAT_RETENTION_PAYLOADS", "PT3S",
                        "TAMBAT_RETENTION_INTERVAL", "PT1S"))).stubbing(STRIPE_API)) {
            retaining.start();
            byte[] body = event(newEventId(), "retained-" + UUID.randomUUID());
            String inboxId = accepted(events.deliver(retaining.baseUri(), body));
            String object = RETENTION_PREFIX + "/" + objectKey(row(retained, inboxId), inboxId);
            assertThat(store.keys(object)).containsExactly(object);

            Eventually.within(CONVERGENCE, () -> {
                assertThat(row(retained, inboxId)).containsEntry("status", "PROCESSED")
                        .containsEntry("payload_ciphertext", null).containsEntry("payload_object", null);
                assertThat(store.keys(object)).as("the object goes with the payload").isEmpty();
            });

            ProblemAssertions.assertProblem(retaining.admin().post("admin/inbox/" + inboxId + "/payload", null), 410,
                    "payload_purged");
            assertThat(Http.send(Http.request(retaining.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).containsPattern("tambat_retention_purged_total\\{kind=\"payloads\"[^}]*} [1-9]");
        }
    }

    /**
     * Endpoint stripe-main, fetching from Stripe's API at {@code stripeApiUrl}, with fast processing, new payloads
     * in the store under {@code prefix}, and the {@code extra} settings.
     */
    private Map<String, String> settings(String stripeApiUrl, String prefix, Map<String, String> extra) {
        Map<String, String> settings = new HashMap<>(store.settings(prefix));
        settings.put("TAMBAT_WEBHOOKS_ENDPOINTS", "stripe-main");
        settings.put("TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S");
        settings.put("TAMBAT_PROCESSING_MAX_BACKOFF", "PT1S");
        settings.putAll(extra);
        return StripeMainEndpoint.settings(SECRET, stripeApiUrl, API_KEY, settings);
    }

    private static Map<String, Object> row(TestDatabase database, String inboxId) {
        return database.rows("SELECT status, received_at, payload_ciphertext, payload_object, payload_key_id "
                + "FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)", inboxId).get(0);
    }

    /** The key of a row's payload object, below the prefix: the UTC hour it was received in, then its id. */
    private static String objectKey(Map<String, Object> row, String inboxId) {
        return HOUR.format(((Timestamp) row.get("received_at")).toInstant()) + "/" + inboxId;
    }
}
