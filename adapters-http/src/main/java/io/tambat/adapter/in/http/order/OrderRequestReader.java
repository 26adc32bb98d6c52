package io.tambat.adapter.in.http.order;

import io.tambat.adapter.in.http.JsonProviders;
import io.tambat.domain.model.order.InvalidOrderException;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads an order request body into the validated request: explicit {@code null} equals absence, numbers must
 * be integers, unknown members are ignored. Messages name the field, never echo its value.
 */
final class OrderRequestReader {

    private OrderRequestReader() {
    }

    static OrderRequest read(byte[] body) {
        JsonObject json;
        try (var reader = JsonProviders.PROVIDER.createReader(new ByteArrayInputStream(body))) {
            json = reader.readObject();
        } catch (JsonParsingException | IllegalStateException e) {
            throw new InvalidOrderException("the body must be a JSON object");
        } catch (JsonException e) {
            throw new InvalidOrderException("the body must be a JSON object");
        }
        JsonValue items = json.get("items");
        if (!(items instanceof jakarta.json.JsonArray array)) {
            throw new InvalidOrderException("items must be an array");
        }
        List<OrderLine> lines = new ArrayList<>();
        for (JsonValue item : array) {
            if (!(item instanceof JsonObject line)) {
                throw new InvalidOrderException("items[] must be objects");
            }
            lines.add(new OrderLine(text(line, "items[].sku").orElse(null),
                    (int) integer(line, "quantity", 1, 1000), integer(line, "unit_price_minor", 0, Long.MAX_VALUE)));
        }
        return new OrderRequest(text(json, "checkout_id"), text(json, "currency").orElse(null), lines,
                text(json, "coupon"));
    }

    private static Optional<String> text(JsonObject json, String name) {
        String member = name.substring(name.lastIndexOf('.') + 1);
        JsonValue value = json.get(member);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (value instanceof JsonString string) {
            return Optional.of(string.getString());
        }
        throw new InvalidOrderException(name + " must be a string");
    }

    private static long integer(JsonObject line, String member, long min, long max) {
        JsonValue value = line.get(member);
        if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
            throw new InvalidOrderException("items[]." + member + " must be an integer");
        }
        try {
            long parsed = number.longValueExact();
            if (parsed < min || parsed > max) {
                throw new InvalidOrderException("items[]." + member + " is out of range");
            }
            return parsed;
        } catch (ArithmeticException e) {
            throw new InvalidOrderException("items[]." + member + " is out of range");
        }
    }
}
