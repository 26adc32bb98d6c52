package io.tambat.adapter.in.provider.standard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.kit.JsonMutation;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.Json;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonValue;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class StandardEventInterpreterTest {

    private static final InterpretationSettings DEFAULTS = InterpretationSettings.STANDARD_DEFAULTS;

    private final StandardEventInterpreter interpreter = new StandardEventInterpreter();

    private static StoredEvent event(byte[] payload) {
        return new StoredEvent("standard", "evt_under_test",
                "payment.updated", Optional.empty(), Optional.empty(), payload);
    }

    private static StoredEvent valid() {
        return event(EventFixtures.read("standard", "payment.updated.json"));
    }

    private static StoredEvent validWith(UnaryOperator<JsonPatchBuilder> patch) {
        return event(JsonMutation.apply(EventFixtures.read("standard", "payment.updated.json"), patch));
    }

    private Optional<StateChange> interpret(StoredEvent event) {
        return interpreter.interpret(event, DEFAULTS);
    }

    private static ObjectKey payment(String id) {
        return new ObjectKey("standard", ObjectType.PAYMENT, id);
    }

    @Test
    void interpretsStandardWebhooksEvents() {
        assertThat(interpreter.provider()).isEqualTo("standard");
    }

    @Test
    void readsTheVersionedStateAtTheDefaultPointers() {
        assertThat(interpret(valid()))
                .contains(new StateChange.Versioned(payment("pay_2dQ4kVvF0b7tMzX1"), "captured", 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"payment", "subscription", "refund", "dispute", "account"})
    void readsEveryObjectTypeByItsCode(String code) {
        ObjectType type = new ObjectType(code);
        assertThat(interpret(validWith(p -> p.replace("/data/object", code))))
                .contains(new StateChange.Versioned(
                        new ObjectKey("standard", type, "pay_2dQ4kVvF0b7tMzX1"), "captured", 7));
    }

    @Test
    void readsAVersionSentAsAStringOfDigits() {
        assertThat(interpret(validWith(p -> p.replace("/data/version", "12"))))
                .contains(new StateChange.Versioned(payment("pay_2dQ4kVvF0b7tMzX1"), "captured", 12));
    }

    @Test
    void rendersAnIntegerIdInDecimal() {
        assertThat(interpret(validWith(p -> p.replace("/data/id", Json.createValue(90210345678901L)))))
                .contains(new StateChange.Versioned(payment("90210345678901"), "captured", 7));
    }

    @Test
    void asksToFetchTheCurrentStateWhenTheEventHasNoVersion() {
        assertThat(interpret(validWith(p -> p.remove("/data/version"))))
                .contains(new StateChange.FetchCurrent(payment("pay_2dQ4kVvF0b7tMzX1")));
    }

    @Test
    void treatsANullVersionAsAbsent() {
        assertThat(interpret(validWith(p -> p.replace("/data/version", JsonValue.NULL))))
                .contains(new StateChange.FetchCurrent(payment("pay_2dQ4kVvF0b7tMzX1")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"invoice", "Payment", "payments", ""})
    void ignoresAnUnknownObjectType(String code) {
        assertThat(interpret(validWith(p -> p.replace("/data/object", code)))).isEmpty();
    }

    @Test
    void ignoresAnEventWithoutObjectType() {
        assertThat(interpret(validWith(p -> p.remove("/data/object")))).isEmpty();
        assertThat(interpret(validWith(p -> p.remove("/data")))).isEmpty();
    }

    @Test
    void ignoresAnObjectTypeThatIsNotAString() {
        // The default pointer /data/object is where some senders nest the object itself.
        assertThat(interpret(validWith(p -> p.replace("/data/object",
                Json.createObjectBuilder().add("id", "pay_1").build())))).isEmpty();
    }

    @Test
    void failsAMissingIdNamingItsPointer() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.remove("/data/id"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/id is missing");
    }

    @Test
    void failsAnIdOfTheWrongType() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/id", true))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/id");
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/id", Json.createValue(12.5)))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/id");
    }

    @Test
    void failsAMissingStateNamingItsPointer() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.remove("/data/status"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/status is missing");
    }

    @Test
    void failsAStateOfTheWrongTypeWithoutQuotingIt() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/status", 4711))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/status")
                .hasMessageNotContaining("4711");
    }

    @Test
    void failsABlankState() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/status", " "))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/status");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v7", "-3", "7.0", " 7", "1234567890123456789012"})
    void failsAVersionStringThatIsNotDigitsWithoutQuotingIt(String version) {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/version", version))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/version")
                .hasMessageNotContaining(version);
    }

    @Test
    void failsAVersionThatIsNeitherAnIntegerNorAString() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/version", Json.createValue(7.5)))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/version");
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/version", true))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/version");
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/version",
                Json.createValue(new BigInteger("99999999999999999999"))))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/version");
    }

    static Stream<Arguments> versionsIngressStoresAsAbsent() {
        return Stream.of(
                Arguments.of(Json.createValue("private-words"), "private-words"),
                Arguments.of(Json.createValue(1.5), "1.5"),
                Arguments.of(Json.createObjectBuilder().add("major", "private-words").build(), "private-words"));
    }

    @ParameterizedTest
    @MethodSource("versionsIngressStoresAsAbsent")
    void failsAVersionThatIsNotAnIntegerNamingItsPointerWithoutQuotingIt(JsonValue version, String content) {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/version", version))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/version")
                .hasMessageNotContaining(content);
    }

    @Test
    void failsAnIdThatIsAnObjectNamingItsPointerWithoutQuotingIt() {
        assertThatThrownBy(() -> interpret(validWith(p -> p.replace("/data/id",
                Json.createObjectBuilder().add("ref", "private-words").build()))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/id must be a string or an integer");
    }

    @Test
    void failsWhenTheConfiguredIdPointerResolvesToNothing() {
        InterpretationSettings elsewhere = new InterpretationSettings("/data/object", "/data/reference",
                "/data/version", "/data/status", "", 1);
        assertThatThrownBy(() -> interpreter.interpret(valid(), elsewhere))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/reference is missing");
    }

    @Test
    void readsCustomPointersAndNothingAtTheDefaultOnes() {
        InterpretationSettings custom =
                new InterpretationSettings("/resource/kind", "/resource/ref", "/resource/seq", "/resource/phase", "",
                        1);
        StoredEvent event = event(EventFixtures.read("standard", "custom-pointers.json"));
        assertThat(interpreter.interpret(event, custom)).contains(new StateChange.Versioned(
                new ObjectKey("standard", ObjectType.SUBSCRIPTION, "90210345678"), "trialing", 42));
    }

    @Test
    void readsADeltaInASequenceWhenTheEndpointNamesASequencePointer() {
        InterpretationSettings deltas = new InterpretationSettings("/data/object", "/data/id", "/data/version",
                "/data/status", "/data/sequence", 0);
        StoredEvent event = event(("{\"type\":\"balance.adjusted\",\"data\":{\"object\":\"account\","
                + "\"id\":\"acct_9\",\"status\":\"adjusted\",\"sequence\":7}}").getBytes(StandardCharsets.UTF_8));

        assertThat(interpreter.interpret(event, deltas)).as("numbered from the endpoint's sequence start")
                .contains(new StateChange.Sequenced(new ObjectKey("standard", ObjectType.ACCOUNT, "acct_9"), "adjusted",
                        7, 0));
    }

    @Test
    void unescapesTildeSequencesInPointers() {
        InterpretationSettings escaped =
                new InterpretationSettings("/data/acme~1object", "/data/acme~1id", "/data/rev~1no", "/data/state~0v2",
                        "", 1);
        StoredEvent event = event(EventFixtures.read("standard", "escaped-pointers.json"));
        assertThat(interpreter.interpret(event, escaped)).contains(new StateChange.Versioned(
                new ObjectKey("standard", ObjectType.DISPUTE, "dsp_77"), "under_review", 3));
    }

    @Test
    void failsAPayloadThatIsNotAJsonObjectWithoutQuotingIt() {
        assertThatThrownBy(() -> interpret(event("[\"private-words\"]".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageNotContaining("private-words");
    }
}
