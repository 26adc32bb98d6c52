package io.tambat.adapter.in.provider.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.kit.JsonMutation;
import io.tambat.domain.error.UninterpretableEventException;
import io.tambat.domain.model.processing.InterpretationSettings;
import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectType;
import io.tambat.domain.model.processing.StateChange;
import io.tambat.domain.model.processing.StoredEvent;
import jakarta.json.JsonPatchBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StripeEventInterpreterTest {

    private final StripeEventInterpreter interpreter = new StripeEventInterpreter();

    private static StoredEvent event(String eventType, byte[] payload) {
        // Ingress's object id is deliberately different: the interpreter must read the payload itself.
        return new StoredEvent("stripe", "evt_under_test",
                eventType, Optional.of("ignored_by_interpreter"), Optional.empty(), payload);
    }

    /** The fixture named after the event type, as Stripe sends it. */
    private static StoredEvent fixture(String eventType) {
        return event(eventType, EventFixtures.read("stripe", eventType + ".json"));
    }

    private static StoredEvent mutated(String eventType, UnaryOperator<JsonPatchBuilder> patch) {
        return event(eventType, JsonMutation.apply(EventFixtures.read("stripe", eventType + ".json"), patch));
    }

    private Optional<StateChange> interpret(StoredEvent event) {
        return interpreter.interpret(event, InterpretationSettings.STANDARD_DEFAULTS);
    }

    @Test
    void interpretsStripeEvents() {
        assertThat(interpreter.provider()).isEqualTo("stripe");
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource({
        "payment_intent.succeeded,         PAYMENT,      pi_3MtwBwLkdIwHu7ix28a3tqPa",
        "customer.subscription.updated,    SUBSCRIPTION, sub_1MowQVLkdIwHu7ixeRlqHVzs",
        "charge.refund.updated,            REFUND,       re_3MmlLrLkdIwHu7ix0aKGvKyv",
        "refund.created,                   REFUND,       re_3NvA2gLkdIwHu7ix1CO4ZSbE",
        "charge.dispute.created,           DISPUTE,      dp_1MtJUT2eZvKYlo2CNaw2HvEv",
        "account.updated,                  ACCOUNT,      acct_1Nv0FGQ9RKHgCVdK",
    })
    void asksToFetchTheCurrentStateOfTheObjectTheEventCarries(String eventType, ObjectType type, String id) {
        assertThat(interpret(fixture(eventType)))
                .contains(new StateChange.FetchCurrent(new ObjectKey("stripe", type, id)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "payment_intent.created,               PAYMENT",
        "payment_intent.payment_failed,        PAYMENT",
        "customer.subscription.deleted,        SUBSCRIPTION",
        "charge.refunded,                      REFUND",
        "charge.refund.updated,                REFUND",
        "refund.failed,                        REFUND",
        "charge.dispute.funds_withdrawn,       DISPUTE",
        "account.updated,                      ACCOUNT",
    })
    void mapsEveryEventTypeUnderATrackedPrefix(String eventType, ObjectType type) {
        assertThat(StripeEventInterpreter.objectType(eventType)).contains(type);
    }

    @ParameterizedTest
    @ValueSource(strings = {"charge.succeeded", "customer.created", "invoice.paid", "payment_method.attached",
        "charge.captured", "customer.updated", "payout.paid", "payment_intent", "accounts.updated"})
    void leavesUntrackedEventTypesAlone(String eventType) {
        assertThat(StripeEventInterpreter.objectType(eventType)).isEmpty();
    }

    @Test
    void ignoresUntrackedEventsWithoutReadingTheirPayload() {
        assertThat(interpret(fixture("charge.succeeded"))).isEmpty();
        assertThat(interpret(fixture("customer.created"))).isEmpty();
        assertThat(interpret(event("invoice.paid", "not json at all".getBytes(StandardCharsets.UTF_8)))).isEmpty();
    }

    @Test
    void takesTheMostRecentRefundOfARefundedCharge() {
        assertThat(interpret(fixture("charge.refunded"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.REFUND, "re_3MmlLrLkdIwHu7ix0aKGvKyv")));
    }

    @Test
    void failsARefundedChargeThatListsNoRefund() {
        // Since API version 2022-11-15 a charge no longer embeds its refunds.
        assertThatThrownBy(() -> interpret(mutated("charge.refunded", p -> p.remove("/data/object/refunds"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/object/refunds/data/0/id");
        assertThatThrownBy(() -> interpret(mutated("charge.refunded",
                p -> p.remove("/data/object/refunds/data/1").remove("/data/object/refunds/data/0"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/object/refunds/data/0/id");
    }

    @Test
    void readsARefundEventWhoseObjectIsTheRefundFromItsOwnId() {
        assertThat(interpret(event("charge.refunded", EventFixtures.read("stripe", "charge.refund.updated.json"))))
                .contains(new StateChange.FetchCurrent(
                        new ObjectKey("stripe", ObjectType.REFUND, "re_3MmlLrLkdIwHu7ix0aKGvKyv")));
    }

    @Test
    void convergesTheOwningAccountWhenAnExternalAccountChanges() {
        assertThat(interpret(fixture("account.external_account.updated"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.ACCOUNT, "acct_1Nv0FGQ9RKHgCVdK")));
    }

    @Test
    void ignoresAccountEventsAboutAPlatformAuthorization() {
        assertThat(interpret(fixture("account.application.deauthorized"))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"payment_intent.succeeded", "customer.subscription.updated", "charge.refund.updated",
        "refund.created", "charge.dispute.created", "account.updated"})
    void failsATrackedEventWithoutObjectIdNamingTheField(String eventType) {
        assertThatThrownBy(() -> interpret(mutated(eventType, p -> p.remove("/data/object/id"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/object/id is missing");
    }

    @Test
    void failsATrackedEventWhoseObjectIdIsNotAStringWithoutQuotingIt() {
        assertThatThrownBy(() -> interpret(mutated("payment_intent.succeeded",
                p -> p.replace("/data/object/id", 918273645))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/object/id")
                .hasMessageNotContaining("918273645");
    }

    @Test
    void failsATrackedEventWhoseObjectIdTheDomainRefuses() {
        assertThatThrownBy(() -> interpret(mutated("refund.created", p -> p.replace("/data/object/id", " "))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/object/id");
        assertThatThrownBy(() -> interpret(mutated("refund.created",
                p -> p.replace("/data/object/id", "re_" + "x".repeat(300)))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageNotContaining("xxxx");
    }

    @Test
    void failsATrackedEventWithoutDataObject() {
        assertThatThrownBy(() -> interpret(mutated("customer.subscription.updated", p -> p.remove("/data"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/data/object/id is missing");
    }

    @Test
    void failsATrackedEventWhosePayloadIsNotAJsonObjectWithoutQuotingIt() {
        byte[] garbage = "{\"data\": {\"object\": secret-content".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> interpret(event("payment_intent.succeeded", garbage)))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageNotContaining("secret-content");
    }
}
