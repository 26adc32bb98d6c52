package io.tambat.adapter.in.provider.paddle;

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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PaddleEventInterpreterTest {

    private final PaddleEventInterpreter interpreter = new PaddleEventInterpreter();

    private Optional<StateChange> interpret(String eventType, byte[] body) {
        return interpreter.interpret(new StoredEvent("paddle", "evt_under_test",
                eventType, Optional.empty(), Optional.empty(), body),
                InterpretationSettings.STANDARD_DEFAULTS);
    }

    private static byte[] entity(String id, String status, String updatedAt) {
        return utf8("{\"event_id\":\"evt_1\",\"data\":{\"id\":\"" + id + "\",\"status\":\"" + status
                + "\",\"updated_at\":\"" + updatedAt + "\"}}");
    }

    @Test
    void aTransactionEventIsTheVersionedPaymentStateOfItsTransaction() {
        assertThat(interpret("transaction.completed", EventFixtures.read("paddle", "transaction.completed.json")))
                .contains(new StateChange.Versioned(new ObjectKey("paddle", ObjectType.PAYMENT,
                        "txn_01hv8wptq8987qeep44cyrewp9"), "completed", 1_712_917_129_738_972L));
    }

    @ParameterizedTest
    @CsvSource({
        "transaction.paid, payment",
        "subscription.canceled, subscription",
        "adjustment.updated, refund"
    })
    void theEventTypesPrefixDecidesTheObjectType(String eventType, ObjectType type) {
        assertThat(interpret(eventType, entity("x_1", "s", "2024-04-12T10:18:49Z")))
                .hasValueSatisfying(change -> assertThat(change.key().type()).isEqualTo(type));
    }

    @Test
    void aLaterUpdateWithinTheSameSecondHasTheHigherVersion() {
        long earlier = ((StateChange.Versioned) interpret("transaction.updated",
                entity("txn_1", "ready", "2024-04-12T10:18:49.000001Z")).orElseThrow()).version();
        long later = ((StateChange.Versioned) interpret("transaction.updated",
                entity("txn_1", "billed", "2024-04-12T10:18:49.000002Z")).orElseThrow()).version();
        assertThat(later).isEqualTo(earlier + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"data\":{\"status\":\"paid\",\"updated_at\":\"2024-04-12T10:18:49Z\"}}",
        "{\"data\":{\"id\":\"txn_1\",\"updated_at\":\"2024-04-12T10:18:49Z\"}}",
        "{\"data\":{\"id\":\"txn_1\",\"status\":\"paid\"}}",
        "{\"data\":{\"id\":\"txn_1\",\"status\":\"paid\",\"updated_at\":\"yesterday\"}}",
        "{\"data\":{\"id\":7,\"status\":\"paid\",\"updated_at\":\"2024-04-12T10:18:49Z\"}}",
        "not json"
    })
    void aTrackedEventWithoutItsIdStatusOrVersionIsUninterpretable(String body) {
        assertThatThrownBy(() -> interpret("transaction.paid", utf8(body)))
                .isInstanceOf(UninterpretableEventException.class);
    }

    @Test
    void anotherEventTypeConcernsNoTrackedObjectAndItsBodyIsNotRead() {
        assertThat(interpret("customer.updated", utf8("not json"))).isEmpty();
    }
}
