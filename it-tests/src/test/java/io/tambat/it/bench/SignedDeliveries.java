package io.tambat.it.bench;

import io.tambat.sender.signing.GitHubSigner;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Signed GitHub deliveries of 10,240 bytes, each a new delivery id and an {@code issues} event of one of 1,000
 * repositories (the account processing records it for). GitHub rather than Stripe: without a Stripe API to ask,
 * processing would fail every Stripe event at once, where a GitHub event is carried through.
 */
final class SignedDeliveries {

    static final String PROVIDER = "github";
    static final String ENDPOINT = "bench";
    /** A second endpoint like the first, whose events a forwarding destination takes where one is configured. */
    static final String FORWARDED_ENDPOINT = "bench-forwarded";
    static final int BODY_BYTES = 10 * 1024;
    static final int ACCOUNTS = 1000;
    private static final String SECRET = "bench-github-secret";
    private static final String EVENT_TYPE = "issues";

    private SignedDeliveries() {
    }

    /** The server configuration of the endpoint. */
    static Map<String, String> endpointConfiguration() {
        return Map.of(
                "TAMBAT_WEBHOOKS_ENDPOINTS", ENDPOINT + "," + FORWARDED_ENDPOINT,
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_PROVIDER", PROVIDER,
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_SECRETS", "v1:" + SECRET,
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_FORWARDED_PROVIDER", PROVIDER,
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_FORWARDED_SECRETS", "v1:" + SECRET);
    }

    /**
     * What pgbench binds for the columns Tambat fills from such a delivery (see bench/ingest.sql): among them a
     * ciphertext of the size AES-GCM makes of the body (a 12-byte nonce and a 16-byte tag more) and a SHA-256,
     * random bytes in bytea's hex form.
     */
    static Map<String, String> pgbenchVariables() {
        return Map.of("provider", PROVIDER, "endpoint", ENDPOINT, "event_type", EVENT_TYPE, "key_id", "it1",
                "secret_version", "v1",
                "payload", randomBytea(BODY_BYTES + 12 + 16), "payload_sha256", randomBytea(32));
    }

    private static String randomBytea(int length) {
        byte[] bytes = new byte[length];
        new SecureRandom().nextBytes(bytes);
        return "\\x" + HexFormat.of().formatHex(bytes);
    }

    /** A new delivery per request to {@link #ENDPOINT}; a 2xx answer confirms its delivery id. */
    static Workload workload(URI base) {
        return workload(base, ENDPOINT);
    }

    /** A new delivery per request to the endpoint; a 2xx answer confirms its delivery id. */
    static Workload workload(URI base, String endpointId) {
        URI endpoint = endpoint(base, endpointId);
        return new Workload("signed deliveries to " + endpointId, () -> delivery(endpoint),
                SignedDeliveries::deliveryId);
    }

    /** Where a server at {@code base} takes the deliveries of {@link #ENDPOINT}. */
    static URI endpoint(URI base) {
        return endpoint(base, ENDPOINT);
    }

    private static URI endpoint(URI base, String endpointId) {
        return base.resolve("webhooks/" + PROVIDER + "/" + endpointId);
    }

    /** The delivery id a 2xx answer confirms: the one its request carried. */
    static Optional<String> deliveryId(LoadAnswer answer) {
        return answer.request().header("X-GitHub-Delivery");
    }

    /** A new delivery: a new delivery id and body, signed. */
    static LoadRequest delivery(URI endpoint) {
        byte[] body = body();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("X-GitHub-Event", EVENT_TYPE);
        headers.put("X-GitHub-Delivery", UUID.randomUUID().toString());
        headers.put("X-Hub-Signature-256", GitHubSigner.signatureHeader(SECRET, body));
        return new LoadRequest(endpoint, headers, body);
    }

    private static byte[] body() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int repository = random.nextInt(1, ACCOUNTS + 1);
        int issue = random.nextInt(1, 1_000_000);
        String head = "{\"action\":\"opened\",\"issue\":{\"id\":" + issue + ",\"number\":" + issue
                + ",\"title\":\"bench issue " + issue + "\",\"body\":\"";
        String tail = "\"},\"repository\":{\"id\":" + repository + ",\"full_name\":\"bench/repo-" + repository
                + "\"},\"sender\":{\"id\":1,\"login\":\"bench\"}}";
        return (head + "x".repeat(BODY_BYTES - head.length() - tail.length()) + tail)
                .getBytes(StandardCharsets.UTF_8);
    }
}
