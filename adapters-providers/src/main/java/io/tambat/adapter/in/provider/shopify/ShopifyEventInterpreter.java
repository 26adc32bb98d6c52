package io.tambat.adapter.in.provider.shopify;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
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
public final class ShopifyEventInterpreter extends DeclaredEventInterpreter {

    public ShopifyEventInterpreter() {
        super("shopify");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        if (!ShopifyOrderFields.isOrderTopic(event.eventType())) {
            // Decided on the topic alone: an event nobody tracks must not fail on a payload nobody reads.
            return Optional.empty();
        }
        JsonObject order = StoredPayloads.jsonObject(event.payload(), ShopifyOrderFields.READ);
        return Optional.of(versionedState(order, ObjectType.PAYMENT, ShopifyOrderFields.ID, JsonFields::optionalId,
                ShopifyOrderFields.FINANCIAL_STATUS, ShopifyOrderFields.UPDATED_AT, ShopifyOrderFields::version));
    }
}
