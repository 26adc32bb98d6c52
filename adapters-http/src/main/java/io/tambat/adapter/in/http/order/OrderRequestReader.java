package io.tambat.adapter.in.http.order;

import io.tambat.domain.model.order.InvalidOrderException;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads an order request body into the validated request: explicit {@code null} equals absence, numbers must
 * be integers, unknown members are ignored. Problems name the member as a JSON Pointer, never its value.
 */
final class OrderRequestReader {

    private OrderRequestReader() {
    }

    static OrderRequest read(JsonObject json) {
        if (!(json.get("items") instanceof JsonArray array)) {
            throw new InvalidOrderException("/items", "items must be an array");
        }
        List<OrderLine> lines = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String pointer = "/items/" + i;
            if (!(array.get(i) instanceof JsonObject line)) {
                throw new InvalidOrderException(pointer, "each item must be an object");
            }
            try {
                lines.add(new OrderLine(text(line, "sku").orElse(null),
                        (int) integer(line, "quantity", 1, 1000),
                        integer(line, "unit_price_minor", 0, Long.MAX_VALUE)));
            } catch (InvalidOrderException e) {
                throw e.under(pointer);
            }
        }
        return new OrderRequest(text(json, "checkout_id"), text(json, "currency").orElse(null), lines,
                text(json, "coupon"));
    }

    private static Optional<String> text(JsonObject json, String member) {
        JsonValue value = json.get(member);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (value instanceof JsonString string) {
            return Optional.of(string.getString());
        }
        throw new InvalidOrderException("/" + member, member + " must be a string");
    }

    private static long integer(JsonObject line, String member, long min, long max) {
        if (!(line.get(member) instanceof JsonNumber number) || !number.isIntegral()) {
            throw new InvalidOrderException("/" + member, member + " must be an integer");
        }
        try {
            long parsed = number.longValueExact();
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (ArithmeticException e) {
            // answered below, like any other value out of range
        }
        throw new InvalidOrderException("/" + member, member + " must be from " + min + " to " + max);
    }
}
