package io.tambat.adapter.in.provider.paddle;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.ObjectType;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a Paddle event keeps what Tambat derives: its {@code event_id}, {@code event_type} and
 * {@code occurred_at}, and for the tracked entities (transactions as payments, subscriptions, adjustments as
 * refunds) the entity in {@code data}: its {@code id}, {@code status} and {@code updated_at}, the version that
 * orders Paddle's unordered deliveries. Ingress and the interpreter both read here, so the object and version
 * ingress records are the ones processing uses.
 */
final class PaddleEntityFields {

    static final String EVENT_ID = "/event_id";
    static final String EVENT_TYPE = "/event_type";
    static final String OCCURRED_AT = "/occurred_at";
    static final String ID = "/data/id";
    static final String STATUS = "/data/status";
    static final String UPDATED_AT = "/data/updated_at";

    /** The fields a Paddle event is parsed for. */
    static final JsonPointers READ = JsonPointers.of(EVENT_ID, EVENT_TYPE, OCCURRED_AT, ID, STATUS, UPDATED_AT);

    // No prefix starts another, so the first match is the only one.
    private static final List<Map.Entry<String, ObjectType>> PREFIXES = List.of(
            Map.entry("transaction.", ObjectType.PAYMENT),
            Map.entry("subscription.", ObjectType.SUBSCRIPTION),
            Map.entry("adjustment.", ObjectType.REFUND));

    private PaddleEntityFields() {
    }

    /** The tracked kind of entity an event type concerns; empty for the others (customers, prices, ...). */
    static Optional<ObjectType> objectType(String eventType) {
        return PREFIXES.stream()
                .filter(prefix -> eventType.startsWith(prefix.getKey()))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    /** The entity's version: {@code updated_at} in epoch microseconds, the precision Paddle writes it in. */
    static long version(Instant updatedAt) {
        return Math.addExact(Math.multiplyExact(updatedAt.getEpochSecond(), 1_000_000L), updatedAt.getNano() / 1_000);
    }

    /** The version as recorded beside the event at ingress: absent where {@code updated_at} is not a date-time. */
    static Optional<Long> lenientVersion(JsonObject event) {
        return JsonFields.lenientIsoInstant(event, UPDATED_AT).map(PaddleEntityFields::version);
    }
}
