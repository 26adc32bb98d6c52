package io.tambat.adapter.in.provider.shopify;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;

/**
 * Where an order topic's payload (the order itself) keeps what Tambat derives: its {@code id}, its
 * {@code financial_status} (the order's payment state) and its {@code updated_at}, the version Shopify tells
 * receivers to order deliveries by. Ingress and the interpreter both read here, so the object and version ingress
 * records are the ones processing uses.
 */
final class ShopifyOrderFields {

    static final String ORDER_TOPICS = "orders/";
    static final String ID = "/id";
    static final String FINANCIAL_STATUS = "/financial_status";
    static final String UPDATED_AT = "/updated_at";

    /** The fields an order payload is parsed for. */
    static final JsonPointers READ = JsonPointers.of(ID, FINANCIAL_STATUS, UPDATED_AT);

    private ShopifyOrderFields() {
    }

    static boolean isOrderTopic(String topic) {
        return topic.startsWith(ORDER_TOPICS);
    }

    /**
     * The order's version: {@code updated_at} in epoch milliseconds. Shopify writes it to the second, so two
     * changes within one second share a version and the later one is not applied over the earlier.
     */
    static long version(Instant updatedAt) {
        return updatedAt.toEpochMilli();
    }

    /** The version as recorded beside the event at ingress: absent where {@code updated_at} is not a date-time. */
    static Optional<Long> lenientVersion(JsonObject order) {
        return JsonFields.lenientIsoInstant(order, UPDATED_AT).map(ShopifyOrderFields::version);
    }
}
