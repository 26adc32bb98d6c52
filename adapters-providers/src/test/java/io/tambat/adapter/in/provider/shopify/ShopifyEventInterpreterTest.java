package io.tambat.adapter.in.provider.shopify;

import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShopifyEventInterpreterTest {

    private final ShopifyEventInterpreter interpreter = new ShopifyEventInterpreter();

    /** A stored event without an object id or version, so that only the body can name them. */
    private static StoredEvent event(String topic, byte[] body) {
        return new StoredEvent("shopify", "evt_under_test", topic, Optional.empty(), Optional.empty(), body);
    }

    private Optional<StateChange> interpret(StoredEvent event) {
        return interpreter.interpret(event, InterpretationSettings.STANDARD_DEFAULTS);
    }

    @Test
    void anOrderTopicIsTheVersionedPaymentStateOfItsOrder() {
        assertThat(interpret(event("orders/paid", EventFixtures.read("shopify", "orders.paid.json"))))
                .contains(new StateChange.Versioned(new ObjectKey("shopify", ObjectType.PAYMENT,
                        "820982911946154508"), "paid", 1_730_800_260_000L));
    }

    @Test
    void theVersionIsTheInstantOfUpdatedAtWhateverItsOffset() {
        byte[] utc = utf8("{\"id\":1,\"financial_status\":\"refunded\",\"updated_at\":\"2024-11-05T09:51:00Z\"}");
        byte[] newYork =
                utf8("{\"id\":1,\"financial_status\":\"refunded\",\"updated_at\":\"2024-11-05T04:51:00-05:00\"}");
        assertThat(interpret(event("orders/updated", utc))).isEqualTo(interpret(event("orders/updated", newYork)));
    }

    @Test
    void readsTheOrderFromTheBodyWhateverObjectWasStored() {
        StoredEvent stored = new StoredEvent("shopify", "evt_under_test",
                "orders/paid", Optional.of("999"), Optional.of(1L),
                EventFixtures.read("shopify", "orders.paid.json"));
        assertThat(interpret(stored)).hasValueSatisfying(
                change -> assertThat(change.key().objectId()).isEqualTo("820982911946154508"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"financial_status\":\"paid\",\"updated_at\":\"2024-11-05T09:51:00Z\"}",
        "{\"id\":1,\"updated_at\":\"2024-11-05T09:51:00Z\"}",
        "{\"id\":1,\"financial_status\":\"paid\"}",
        "{\"id\":1,\"financial_status\":\"paid\",\"updated_at\":\"2024-11-05 09:51\"}",
        "{\"id\":1,\"financial_status\":7,\"updated_at\":\"2024-11-05T09:51:00Z\"}",
        "{\"id\":[1],\"financial_status\":\"paid\",\"updated_at\":\"2024-11-05T09:51:00Z\"}",
        "not json"
    })
    void anOrderWithoutItsIdStateOrVersionIsUninterpretable(String body) {
        assertThatThrownBy(() -> interpret(event("orders/create", utf8(body))))
                .isInstanceOf(UninterpretableEventException.class);
    }

    @Test
    void anotherTopicConcernsNoTrackedObjectAndItsBodyIsNotRead() {
        assertThat(interpret(event("products/update", utf8("not json")))).isEmpty();
        assertThat(interpret(event("app/uninstalled", utf8("{\"id\":1}")))).isEmpty();
    }
}
