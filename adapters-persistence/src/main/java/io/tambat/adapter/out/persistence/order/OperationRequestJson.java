package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.util.Optional;

/**
 * The stored form of a long operation's request: the validated, normalized request, so the worker runs
 * exactly what was fingerprinted. Reading it validates it again through the domain's constructors.
 */
final class OperationRequestJson {

    private OperationRequestJson() {
    }

    static String write(OrderRequest request) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder().add("currency", request.currency())
                .add("items", OrderLines.json(request.items()));
        request.checkoutId().ifPresent(id -> json.add("checkout_id", id));
        request.coupon().ifPresent(code -> json.add("coupon", code));
        return json.build().toString();
    }

    static OrderRequest read(String stored) {
        try (var reader = JsonProviders.PROVIDER.createReader(new StringReader(stored))) {
            JsonObject json = reader.readObject();
            return new OrderRequest(optional(json, "checkout_id"), json.getString("currency"),
                    json.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                            .map(line -> new OrderLine(line.getString("sku"), line.getInt("quantity"),
                                    line.getJsonNumber("unit_price_minor").longValueExact()))
                            .toList(),
                    optional(json, "coupon"));
        }
    }

    private static Optional<String> optional(JsonObject json, String member) {
        return Optional.ofNullable(json.get(member)).map(value -> ((JsonString) value).getString());
    }
}
