package io.tambat.domain.model.order;

import io.tambat.provider.spi.StorableText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A validated, normalized order request. Its {@link #fingerprint(String)} depends only on what the request
 * means: JSON member order, whitespace and defaulted or explicitly null optional fields cannot change it.
 * Everything a valid request implies can be stored and computed: its total fits the 64-bit minor units it is
 * kept in, so no later step can fail on it.
 */
public record OrderRequest(Optional<String> checkoutId, String currency, List<OrderLine> items,
        Optional<String> coupon) {

    private static final Pattern CHECKOUT_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    public OrderRequest {
        Objects.requireNonNull(checkoutId);
        Objects.requireNonNull(coupon);
        if (checkoutId.isPresent() && !CHECKOUT_ID.matcher(checkoutId.get()).matches()) {
            throw new InvalidOrderException("/checkout_id", "checkout_id must be 1-64 characters of [A-Za-z0-9_-]");
        }
        if (currency == null || !CURRENCY.matcher(currency).matches()) {
            throw new InvalidOrderException("/currency", "currency must be three upper-case letters");
        }
        if (items == null || items.isEmpty() || items.size() > 100) {
            throw new InvalidOrderException("/items", "items must hold 1-100 lines");
        }
        items = List.copyOf(items);
        if (coupon.isPresent() && (coupon.get().isEmpty() || coupon.get().length() > 64)) {
            throw new InvalidOrderException("/coupon", "coupon must be 1-64 characters");
        }
        if (coupon.isPresent() && !StorableText.isStorable(coupon.get())) {
            throw new InvalidOrderException("/coupon", "coupon must be valid Unicode without NUL");
        }
        subtotal(items);
    }

    /** The sum of the lines, before any coupon. */
    public long subtotalMinor() {
        return subtotal(items);
    }

    private static long subtotal(List<OrderLine> items) {
        try {
            return items.stream().mapToLong(OrderLine::amountMinor).reduce(0, Math::addExact);
        } catch (ArithmeticException e) {
            throw new AmountOutOfRangeException("/items", "the order total exceeds the largest amount an order "
                    + "can hold");
        }
    }

    /**
     * SHA-256 of a canonical encoding of the meaning of the request and the API version: every value is
     * length-prefixed, so no two different requests encode alike. Line order is part of the meaning.
     */
    public String fingerprint(String apiVersion) {
        StringBuilder canonical = new StringBuilder();
        append(canonical, "api", apiVersion);
        append(canonical, "checkout_id", checkoutId.orElse(""));
        append(canonical, "currency", currency);
        append(canonical, "coupon", coupon.orElse(""));
        for (OrderLine line : items) {
            append(canonical, "sku", line.sku());
            append(canonical, "quantity", Integer.toString(line.quantity()));
            append(canonical, "unit_price_minor", Long.toString(line.unitPriceMinor()));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }

    private static void append(StringBuilder canonical, String name, String value) {
        canonical.append(name).append('=').append(value.length()).append(':').append(value).append(';');
    }
}
