package io.tambat.adapter.in.provider.shopify;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * What a Shopify event means: for an {@code orders/*} topic, the payment state of the order it carries.
 *
 * <p>An order topic's body is the order, and Shopify delivers without order, telling receivers to compare
 * {@code updated_at}. So the event is a {@link StateChange.Versioned} of a {@code payment} keyed by the order's
 * {@code id}, with its {@code financial_status} as the state and {@code updated_at} as the version
 * ({@link ShopifyOrderFields}): an older delivery arriving late never overwrites a newer state. An order without
 * those fields, or with a field of another type, is uninterpretable. Other topics (products, customers, the app's
 * own) concern no tracked object and are recorded without business state. Settings are ignored: Shopify's
 * payloads are fixed.
 */
public final class ShopifyEventInterpreter implements EventInterpreter {

    private static final String PROVIDER = "shopify";

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        if (!ShopifyOrderFields.isOrderTopic(event.eventType())) {
            // Decided on the topic alone: an event nobody tracks must not fail on a payload nobody reads.
            return Optional.empty();
        }
        JsonObject order = StoredPayloads.jsonObject(event.payload(), ShopifyOrderFields.READ);
        String id = StoredPayloads.required(ShopifyOrderFields.ID,
                () -> JsonFields.optionalId(order, ShopifyOrderFields.ID));
        String state = StoredPayloads.required(ShopifyOrderFields.FINANCIAL_STATUS,
                () -> JsonFields.optionalString(order, ShopifyOrderFields.FINANCIAL_STATUS));
        long version = ShopifyOrderFields.version(StoredPayloads.required(ShopifyOrderFields.UPDATED_AT,
                () -> JsonFields.optionalIsoInstant(order, ShopifyOrderFields.UPDATED_AT)));
        ObjectKey key = StoredPayloads.build(ShopifyOrderFields.ID,
                () -> new ObjectKey(PROVIDER, ObjectType.PAYMENT, id));
        return Optional.of(StoredPayloads.build(ShopifyOrderFields.FINANCIAL_STATUS,
                () -> new StateChange.Versioned(key, state, version)));
    }
}
