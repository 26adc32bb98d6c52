package io.tambat.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.sender.signing.StripeSigner;
import io.tambat.sender.signing.GitHubSigner;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.assertj.core.api.SoftAssertions;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.junit.jupiter.api.Test;

/**
 * Bad input on every route, one table per route family. For each case: the contract's status and
 * {@code code}, no row written anywhere, and then a valid request that proves the server still answers and that
 * nothing was claimed (the same webhook id is accepted as new, the same Idempotency-Key creates its order).
 */
@RunAsClient
class BadInputIT extends DeployedTambatTest {

    private static final String STD_PATH = "webhooks/standard/std-main";
    private static final String STRIPE_SECRET = "whsec_it_stripe_main_v1";
    private static final String GITHUB_SECRET = "It's a Secret to Everybody";
    private static final String VALID_ORDER = """
            {"currency":"EUR","items":[{"sku":"SKU-1","quantity":2,"unit_price_minor":1250}]}""";
    /** The code of an answer the container gives on its own, with no problem document. */
    private static final String CONTAINER_ANSWER = null;
    private static final List<String> STORED_TABLES = List.of("webhook_inbox", "webhook_secret",
            "orders", "order_line", "order_outbox", "idempotency_requests");

    /** One bad request, what it must be answered, and the valid request that must still work after it. */
    private record Case(String name, Function<String, HttpResponse<String>> bad, int status, String code,
            Function<String, HttpResponse<String>> followUp, int followUpStatus) {
    }

    @Test
    void refusesBadWebhookDeliveriesAndStoresNothing() {
        List<Case> cases = new ArrayList<>();
        cases.add(standard("broken JSON", "{\"type\":\"invoice.paid\",", 400, "malformed_envelope"));
        cases.add(standard("10,000 levels of nesting", "{\"type\":\"a\",\"data\":" + "[".repeat(10_000)
                + "]".repeat(10_000) + "}", 400, "malformed_envelope"));
        cases.add(standard("a repeated member name", "{\"type\":\"a\",\"type\":\"b\",\"data\":{}}", 400,
                "malformed_envelope"));
        cases.add(standard("an array, not an object", "[{\"type\":\"a\"}]", 400, "malformed_envelope"));
        cases.add(standard("content after the object", "{\"type\":\"a\",\"data\":{}} {}", 400,
                "malformed_envelope"));
        cases.add(standard("an empty body", "", 400, "malformed_envelope"));
        cases.add(standard("a NUL in the event type", "{\"type\":\"a\\u0000b\",\"data\":{}}", 400,
                "malformed_envelope"));
        cases.add(standard("a lone surrogate in the event type", "{\"type\":\"a\\ud800\",\"data\":{}}", 400,
                "malformed_envelope"));
        cases.add(standard("an event type that is a number", "{\"type\":42,\"data\":{}}", 400,
                "malformed_envelope"));
        cases.add(new Case("invalid UTF-8", id -> sendStandard(id, bytes("{\"type\":\"a\",\"data\":{\"x\":\""),
                new byte[] {(byte) 0xC3, (byte) 0x28}, bytes("\"}}")), 400, "malformed_envelope",
                BadInputIT::validStandard, 200));
        cases.add(new Case("no webhook-signature header", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", now()), 400,
                "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("an empty webhook-signature header", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", now(),
                "webhook-signature", ""), 400, "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("a 4 KiB webhook-signature header", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", now(),
                "webhook-signature", "v1," + "A".repeat(4 * 1024)), 400, "signature_missing",
                BadInputIT::validStandard, 200));
        // Over Liberty's own header limits (8 KiB a field) the container answers a bare 400 before the application
        // runs, and closes the connection. A request small enough to be written whole before that: a larger one can
        // meet the closed connection while it is still being written (a broken pipe, not an answer).
        cases.add(new Case("a 12 KiB webhook-signature header", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", now(),
                "webhook-signature", "v1," + "A".repeat(12 * 1024)), 400, CONTAINER_ANSWER,
                BadInputIT::validStandard, 200));
        cases.add(new Case("a timestamp that is not a number", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", "soon",
                "webhook-signature", "v1,AAAA"), 400, "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("a timestamp of 30 digits", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "application/json", "webhook-id", id, "webhook-timestamp", "9".repeat(30),
                "webhook-signature", "v1,AAAA"), 400, "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("an unsupported content type", id -> Http.post(uri(STD_PATH), validStandardBody(),
                "Content-Type", "text/plain"), 415, "unsupported_media_type", BadInputIT::validStandard, 200));
        cases.add(new Case("an unknown endpoint", id -> Http.post(uri("webhooks/standard/no-such-endpoint"),
                validStandardBody(), "Content-Type", "application/json"), 404, "unknown_endpoint",
                BadInputIT::validStandard, 200));
        cases.add(new Case("a Stripe event id with a NUL", id -> sendStripe(
                "{\"id\":\"evt_\\u0000\",\"type\":\"payment_intent.succeeded\",\"data\":{\"object\":{}}}"), 400,
                "malformed_envelope", BadInputIT::validStandard, 200));
        cases.add(new Case("a Stripe event id that is a number", id -> sendStripe(
                "{\"id\":12,\"type\":\"payment_intent.succeeded\",\"data\":{\"object\":{}}}"), 400,
                "malformed_envelope", BadInputIT::validStandard, 200));
        cases.add(new Case("a Stripe signature header repeated", id -> {
            byte[] body = bytes("{\"id\":\"evt_" + id + "\",\"type\":\"a\",\"data\":{\"object\":{}}}");
            String signature = StripeSigner.signatureHeader(STRIPE_SECRET, Instant.now().getEpochSecond(), body);
            return Http.post(uri("webhooks/stripe/stripe-main"), body, "Content-Type", "application/json",
                    "Stripe-Signature", signature, "Stripe-Signature", signature);
        }, 400, "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("six distinct Stripe v1 signatures", id -> {
            byte[] body = bytes("{\"id\":\"evt_" + id + "\",\"type\":\"a\",\"data\":{\"object\":{}}}");
            long now = Instant.now().getEpochSecond();
            StringBuilder header = new StringBuilder("t=" + now);
            for (int i = 0; i < 6; i++) {
                header.append(",v1=").append(String.format("%064x", i));
            }
            return Http.post(uri("webhooks/stripe/stripe-main"), body, "Content-Type", "application/json",
                    "Stripe-Signature", header.toString());
        }, 400, "signature_missing", BadInputIT::validStandard, 200));
        cases.add(new Case("a GitHub delivery without its event header", id -> {
            byte[] body = bytes("{\"zen\":\"Keep it logically awesome.\"}");
            return Http.post(uri("webhooks/github/gh-main"), body, "Content-Type", "application/json",
                    "X-GitHub-Delivery", id, "X-Hub-Signature-256", GitHubSigner.signatureHeader(GITHUB_SECRET, body));
        }, 400, "malformed_envelope", BadInputIT::validStandard, 200));
        run(cases);
    }

    @Test
    void refusesBadOrdersAndLeavesTheKeyFree() {
        List<Case> cases = new ArrayList<>();
        cases.add(order("broken JSON", "{\"currency\":\"EUR\",", 400, "invalid_request"));
        cases.add(order("10,000 levels of nesting", "{\"currency\":\"EUR\",\"items\":" + "[".repeat(10_000)
                + "]".repeat(10_000) + "}", 400, "invalid_request"));
        cases.add(order("a repeated member name", "{\"currency\":\"EUR\",\"currency\":\"USD\",\"items\":[{\"sku\":"
                + "\"S\",\"quantity\":1,\"unit_price_minor\":1}]}", 400, "invalid_request"));
        cases.add(order("an array, not an object", "[]", 400, "invalid_request"));
        cases.add(order("content after the object", VALID_ORDER + "{}", 400, "invalid_request"));
        cases.add(order("an empty body", "", 400, "invalid_request"));
        cases.add(order("a quantity that is a string", line("\"2\"", "1250"), 400, "invalid_request"));
        cases.add(order("a fractional quantity", line("2.5", "1250"), 400, "invalid_request"));
        cases.add(order("a quantity of 1e400", line("1e400", "1250"), 400, "invalid_request"));
        cases.add(order("a unit price of 40 digits", line("1", "9".repeat(40)), 400, "invalid_request"));
        cases.add(order("a line amount over 64 bits", line("2", String.valueOf(Long.MAX_VALUE - 1)), 422,
                "amount_out_of_range"));
        cases.add(order("a total over 64 bits", """
                {"currency":"EUR","items":[{"sku":"A","quantity":1,"unit_price_minor":%d},
                 {"sku":"B","quantity":1,"unit_price_minor":%d}]}""".formatted(Long.MAX_VALUE / 2 + 1,
                Long.MAX_VALUE / 2 + 1), 422, "amount_out_of_range"));
        cases.add(order("a negative unit price", line("1", "-1"), 400, "invalid_request"));
        cases.add(order("a NUL in a SKU", "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"A\\u0000\",\"quantity\":1,"
                + "\"unit_price_minor\":1}]}", 400, "invalid_request"));
        cases.add(order("a lone surrogate in a SKU", "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"\\udc00\","
                + "\"quantity\":1,\"unit_price_minor\":1}]}", 400, "invalid_request"));
        cases.add(order("a NUL in the coupon", "{\"currency\":\"EUR\",\"coupon\":\"\\u0000\",\"items\":[{\"sku\":"
                + "\"A\",\"quantity\":1,\"unit_price_minor\":1}]}", 400, "invalid_request"));
        cases.add(order("a lower-case currency", VALID_ORDER.replace("EUR", "eur"), 400, "invalid_request"));
        cases.add(order("no lines", "{\"currency\":\"EUR\",\"items\":[]}", 400, "invalid_request"));
        cases.add(order("101 lines", "{\"currency\":\"EUR\",\"items\":["
                + String.join(",", java.util.Collections.nCopies(101,
                        "{\"sku\":\"A\",\"quantity\":1,\"unit_price_minor\":1}")) + "]}", 400, "invalid_request"));
        cases.add(order("a checkout id that is a number", "{\"checkout_id\":7,\"currency\":\"EUR\",\"items\":"
                + "[{\"sku\":\"A\",\"quantity\":1,\"unit_price_minor\":1}]}", 400, "invalid_request"));
        cases.add(new Case("invalid UTF-8", key -> postOrder(key, concat(bytes("{\"currency\":\"EUR\",\"items\":"
                + "[{\"sku\":\""), new byte[] {(byte) 0xFF}, bytes("\",\"quantity\":1,\"unit_price_minor\":1}]}"))),
                400, "invalid_request", BadInputIT::validOrder, 201));
        cases.add(new Case("an empty Idempotency-Key", key -> Http.send(Http.request(uri("orders"),
                        "Authorization", tenantToken(), "Idempotency-Key", "", "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(VALID_ORDER)).build()), 400, "idempotency_key_missing",
                BadInputIT::validOrder, 201));
        cases.add(new Case("an Idempotency-Key of 256 characters", key -> postOrder("k".repeat(256),
                bytes(VALID_ORDER)), 400, "idempotency_key_invalid", BadInputIT::validOrder, 201));
        cases.add(new Case("an Idempotency-Key with a space", key -> postOrder("a b", bytes(VALID_ORDER)), 400,
                "idempotency_key_invalid", BadInputIT::validOrder, 201));
        run(cases);
    }

    @Test
    void refusesBadOperatorCallsAndStoresNothing() {
        List<Case> cases = new ArrayList<>();
        cases.add(adminGet("a negative limit", "admin/inbox?limit=-1", 400, "invalid_request"));
        cases.add(adminGet("a limit of 10^9", "admin/inbox?limit=1000000000", 400, "invalid_request"));
        cases.add(adminGet("a limit that is not a number", "admin/inbox?limit=ten", 400, "invalid_request"));
        cases.add(adminGet("an unknown status", "admin/inbox?status=LOST", 400, "invalid_request"));
        cases.add(adminGet("an inbox id that is not a UUID", "admin/inbox/not-a-uuid", 404, "unknown_inbox_row"));
        cases.add(adminGet("a NUL in a filter", "admin/inbox?provider=a%00b", 400, "invalid_request"));
        // A NUL encoded in a path is refused by the web container itself, with a bare 400.
        cases.add(adminGet("a NUL in an object id", "admin/objects/standard/payment/a%00b", 400, CONTAINER_ANSWER));
        cases.add(adminGet("an endpoint filter that is no endpoint id", "admin/objects/standard/payment/x?endpoint=A_B",
                400, "invalid_request"));
        cases.add(new Case("retiring a version whose name holds a NUL", ignored -> Http.send(Http.request(
                uri("admin/endpoints/stripe-main/secrets/v%00"), "Authorization", "Bearer " + OperatorTokens.operator())
                .DELETE().build()), 400, CONTAINER_ANSWER, BadInputIT::validAdminCall, 200));
        cases.add(adminGet("an unknown object type", "admin/objects/standard/spaceship/x", 404, "unknown_object"));
        cases.add(new Case("redrive of an id that is not a UUID", ignored -> adminPost(
                "admin/inbox/not-a-uuid/redrive", ""), 404, "unknown_inbox_row", BadInputIT::validAdminCall, 200));
        cases.add(adminPostCase("a secret body of broken JSON", "{\"version\":", 400, "invalid_request"));
        cases.add(adminPostCase("a secret body nested 10,000 levels", "{\"version\":" + "[".repeat(10_000)
                + "]".repeat(10_000) + "}", 400, "invalid_request"));
        cases.add(adminPostCase("a secret body with a repeated member",
                "{\"version\":\"v9\",\"version\":\"v8\",\"secret\":\"whsec_it_new_secret_value\"}", 400,
                "invalid_request"));
        cases.add(adminPostCase("a version that is a number", "{\"version\":9,\"secret\":\"whsec_x\"}", 400,
                "invalid_request"));
        cases.add(adminPostCase("a version with a slash", "{\"version\":\"v/9\",\"secret\":\"whsec_x\"}", 400,
                "invalid_request"));
        cases.add(adminPostCase("a secret not in Stripe's format", "{\"version\":\"v9\",\"secret\":\"plain\"}", 400,
                "invalid_request"));
        cases.add(new Case("a secret for an unknown endpoint", ignored -> adminPost(
                "admin/endpoints/no-such-endpoint/secrets", "{\"version\":\"v9\",\"secret\":\"whsec_x\"}"), 404,
                "unknown_endpoint", BadInputIT::validAdminCall, 200));
        run(cases);
    }

    @Test
    void documentsTheMaximumOfEveryLimitInOpenApi() {
        String openApi = Http.send(Http.request(uri("openapi")).GET().build()).body();

        assertThat(openApi).containsPattern("(?s)/admin/inbox:.*?name: limit.*?maximum: 500");
        assertThat(openApi).containsPattern("(?s)/admin/order-deliveries:.*?name: limit.*?maximum: 500");
    }

    private void run(List<Case> cases) {
        assertThat(cases).hasSizeGreaterThanOrEqualTo(10);
        SoftAssertions softly = new SoftAssertions();
        for (Case c : cases) {
            String id = "bad-" + UUID.randomUUID();
            Map<String, Long> before = counts();
            HttpResponse<String> answer = c.bad().apply(id);
            softly.assertThat(answer.statusCode()).as("%s: status (%s)", c.name(), answer.body()).isEqualTo(c.status());
            if (c.code() != null) {
                softly.assertThat(answer.headers().firstValue("Content-Type").orElse(""))
                        .as("%s: content type", c.name()).startsWith("application/problem+json");
                JsonObject problem = Http.json(answer);
                softly.assertThat(problem.getString("code", null)).as("%s: code", c.name()).isEqualTo(c.code());
                softly.assertThat(problem.toString()).as("%s: no stack trace", c.name()).doesNotContain("at io.");
            }
            softly.assertThat(counts()).as("%s: nothing stored", c.name()).isEqualTo(before);
            HttpResponse<String> next = c.followUp().apply(id);
            softly.assertThat(next.statusCode()).as("%s: the next valid request (%s)", c.name(), next.body())
                    .isEqualTo(c.followUpStatus());
            softly.assertThat(next.headers().firstValue("Idempotent-Replayed")).as("%s: key still free", c.name())
                    .isEmpty();
        }
        softly.assertAll();
    }

    private Map<String, Long> counts() {
        Map<String, Long> counts = new java.util.TreeMap<>();
        for (String table : STORED_TABLES) {
            counts.put(table, ((Number) db.rows("SELECT count(*) AS n FROM " + table).get(0).get("n")).longValue());
        }
        return counts;
    }

    private static Case standard(String name, String body, int status, String code) {
        return new Case(name, id -> sendStandard(id, bytes(body)), status, code, BadInputIT::validStandard, 200);
    }

    private static Case order(String name, String body, int status, String code) {
        return new Case(name, key -> postOrder(key, bytes(body)), status, code, BadInputIT::validOrder, 201);
    }

    private static Case adminGet(String name, String path, int status, String code) {
        return new Case(name, ignored -> Http.send(Http.request(uri(path), "Authorization",
                "Bearer " + OperatorTokens.operator()).GET().build()), status, code, BadInputIT::validAdminCall, 200);
    }

    private static Case adminPostCase(String name, String body, int status, String code) {
        return new Case(name, ignored -> adminPost("admin/endpoints/stripe-main/secrets", body), status, code,
                BadInputIT::validAdminCall, 200);
    }

    private static String line(String quantity, String unitPrice) {
        return "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"SKU-1\",\"quantity\":" + quantity
                + ",\"unit_price_minor\":" + unitPrice + "}]}";
    }

    private static HttpResponse<String> sendStandard(String id, byte[]... parts) {
        return StandardDeliveries.send(uri(STD_PATH), StandardDeliveries.SECRET, id, concat(parts));
    }

    private static HttpResponse<String> validStandard(String id) {
        HttpResponse<String> response = sendStandard(id, validStandardBody());
        assertThat(response.body()).as("accepted as new, not as a duplicate").contains("\"accepted\"");
        return response;
    }

    private static byte[] validStandardBody() {
        return bytes("{\"type\":\"invoice.paid\",\"timestamp\":\"2026-11-30T10:00:00Z\",\"data\":{\"id\":\"inv_1\"}}");
    }

    private static HttpResponse<String> sendStripe(String body) {
        byte[] bytes = bytes(body);
        return Http.post(uri("webhooks/stripe/stripe-main"), bytes, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(STRIPE_SECRET, Instant.now().getEpochSecond(), bytes));
    }

    private static HttpResponse<String> postOrder(String key, byte[] body) {
        return Http.post(uri("orders"), body, "Authorization", tenantToken(), "Idempotency-Key", key,
                "Content-Type", "application/json");
    }

    private static HttpResponse<String> validOrder(String key) {
        return postOrder(key, bytes(VALID_ORDER));
    }

    private static HttpResponse<String> adminPost(String path, String json) {
        return Http.post(uri(path), bytes(json), "Authorization", "Bearer " + OperatorTokens.operator(),
                "Content-Type", "application/json");
    }

    private static HttpResponse<String> validAdminCall(String ignored) {
        return Http.send(Http.request(uri("admin/inbox/stats"), "Authorization",
                "Bearer " + OperatorTokens.operator()).GET().build());
    }

    private static String tenantToken() {
        return "Bearer " + OperatorTokens.forTenant("tenant-bad-input");
    }

    private static String now() {
        return String.valueOf(Instant.now().getEpochSecond());
    }

    private static URI uri(String path) {
        return ArquillianServer.baseUri().resolve(path);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }
}
