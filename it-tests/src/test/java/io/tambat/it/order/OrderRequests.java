package io.tambat.it.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Order API calls as a client makes them: a tenant's bearer token, an Idempotency-Key, a JSON body. */
final class OrderRequests {

    static final String BODY = """
            {"checkout_id":"%s","currency":"EUR",
             "items":[{"sku":"SKU-1","quantity":2,"unit_price_minor":1250}]}""";
    static final String RESPOND_ASYNC = "respond-async";
    private static final Duration COMPLETION = Duration.ofSeconds(20);

    private OrderRequests() {
    }

    static HttpRequest request(URI orders, String tenant, String key, String body, String... extraHeaders) {
        List<String> headers = new ArrayList<>(List.of("Authorization", "Bearer " + OperatorTokens.forTenant(tenant),
                "Idempotency-Key", key, "Content-Type", "application/json"));
        headers.addAll(List.of(extraHeaders));
        return Http.request(orders, headers.toArray(String[]::new))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    static HttpResponse<String> post(URI base, String tenant, String key, String body, String... extraHeaders) {
        return Http.send(request(base.resolve("orders"), tenant, key, body, extraHeaders));
    }

    /** {@code POST /orders} with {@code Prefer: respond-async}. */
    static HttpResponse<String> postAsync(URI base, String tenant, String key, String body) {
        return post(base, tenant, key, body, "Prefer", RESPOND_ASYNC);
    }

    /** GET of an absolute path such as {@code /orders/...} or a Location header. */
    static HttpResponse<String> get(URI base, String tenant, String path) {
        return Http.send(Http.request(base.resolve(path.substring(1)),
                "Authorization", "Bearer " + OperatorTokens.forTenant(tenant)).GET().build());
    }

    /** Polls a long operation until it shows its final answer, and returns that answer. */
    static HttpResponse<String> awaitFinal(URI base, String tenant, String operation) {
        List<HttpResponse<String>> seen = new ArrayList<>();
        Eventually.within(COMPLETION, () -> {
            HttpResponse<String> current = get(base, tenant, operation);
            seen.add(current);
            assertThat(current.body()).doesNotContain("IN_PROGRESS");
        });
        return seen.get(seen.size() - 1);
    }

    static String tenant() {
        return "tenant-" + UUID.randomUUID();
    }

    static String key() {
        return "key-" + UUID.randomUUID();
    }

    static String checkout() {
        return "chk_" + UUID.randomUUID().toString().replace("-", "");
    }
}
