package io.tambat.it.bench;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code POST /orders} of a fixed number of lines, each request a new Idempotency-Key and a new checkout, and
 * the same order's values as pgbench binds them (bench/order.sql). 80 lines make a body of about 10 KiB.
 */
final class OrderPlacements {

    static final String TENANT = "tenant-bench";

    private final int lines;
    private final String items;

    OrderPlacements(int lines) {
        this.lines = lines;
        this.items = IntStream.range(0, lines)
                .mapToObj(i -> "{\"sku\":\"SKU-" + "%060d".formatted(i) + "\",\"quantity\":" + quantity(i)
                        + ",\"unit_price_minor\":" + unitPrice(i) + "}")
                .collect(Collectors.joining(",", "[", "]"));
    }

    int lines() {
        return lines;
    }

    int bodyBytes() {
        return body("chk_" + "0".repeat(32)).length;
    }

    /** A new order per request; a 201 confirms the order id of its Location. */
    Workload workload(URI base, String bearerToken) {
        URI orders = base.resolve("orders");
        return new Workload(lines + "-line orders", () -> {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", "Bearer " + bearerToken);
            headers.put("Idempotency-Key", UUID.randomUUID().toString());
            headers.put("Content-Type", "application/json");
            return new LoadRequest(orders, headers, body("chk_" + UUID.randomUUID().toString().replace("-", "")));
        }, answer -> answer.location().map(location -> location.substring(location.lastIndexOf('/') + 1)));
    }

    /**
     * What pgbench binds for such an order: its lines as the JSON array Tambat stores them from, its total, a
     * fingerprint and the answer as Tambat renders and records it.
     */
    Map<String, String> pgbenchVariables() {
        String checkout = "chk_" + "0".repeat(32);
        String answer = "{\"id\":\"" + UUID.randomUUID() + "\",\"checkout_id\":\"" + checkout
                + "\",\"status\":\"CREATED\",\"currency\":\"EUR\",\"items\":" + items
                + ",\"coupon\":null,\"total_minor\":" + total() + ",\"created_at\":\"" + Instant.now() + "\"}";
        return Map.of("tenant", TENANT, "scope", "ORDER_PLACEMENT", "fingerprint", sha256Hex(body(checkout)),
                "status", "CREATED", "currency", "EUR", "total", String.valueOf(total()), "lines", items,
                "outcome", "CREATED", "response", answer);
    }

    private byte[] body(String checkout) {
        return ("{\"checkout_id\":\"" + checkout + "\",\"currency\":\"EUR\",\"items\":" + items + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private long total() {
        return IntStream.range(0, lines).mapToLong(i -> (long) quantity(i) * unitPrice(i)).sum();
    }

    private static int quantity(int line) {
        return line % 9 + 1;
    }

    private static int unitPrice(int line) {
        return 100 + line;
    }

    private static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
