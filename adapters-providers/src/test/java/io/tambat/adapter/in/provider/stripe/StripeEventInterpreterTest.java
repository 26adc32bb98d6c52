package io.tambat.adapter.in.provider.stripe;

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
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StripeEventInterpreterTest {

    /** The API version the newer fixtures were rendered with; the others name theirs in {@code api_version}. */
    private static final String CURRENT = "2025-03-31.basil";
    private static final String CONNECTED_ACCOUNT = "acct_1Nv0FGQ9RKHgCVdK";

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

    /** The fixture of the event type as Stripe renders it for a current API version ({@value #CURRENT}). */
    private static StoredEvent current(String eventType) {
        return event(eventType, currentBytes(eventType));
    }

    private static byte[] currentBytes(String eventType) {
        return EventFixtures.read("stripe", eventType + "@" + CURRENT + ".json");
    }

    /** The current API version's Connect event, a connected account's {@code refund.updated}, mutated. */
    private static StoredEvent connectEventWhere(UnaryOperator<JsonPatchBuilder> patch) {
        return event("refund.updated", JsonMutation.apply(currentBytes("refund.updated"), patch));
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
        "payment_intent.succeeded,         payment,      pi_3MtwBwLkdIwHu7ix28a3tqPa",
        "customer.subscription.updated,    subscription, sub_1MowQVLkdIwHu7ixeRlqHVzs",
        "charge.refund.updated,            refund,       re_3MmlLrLkdIwHu7ix0aKGvKyv",
        "refund.created,                   refund,       re_3NvA2gLkdIwHu7ix1CO4ZSbE",
        "charge.dispute.created,           dispute,      dp_1MtJUT2eZvKYlo2CNaw2HvEv",
        "account.updated,                  account,      acct_1Nv0FGQ9RKHgCVdK",
    })
    void asksToFetchTheCurrentStateOfTheObjectTheEventCarries(String eventType, ObjectType type, String id) {
        assertThat(interpret(fixture(eventType)))
                .contains(new StateChange.FetchCurrent(new ObjectKey("stripe", type, id)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "payment_intent.created,               payment",
        "payment_intent.payment_failed,        payment",
        "customer.subscription.deleted,        subscription",
        "charge.refunded,                      refund",
        "charge.refund.updated,                refund",
        "refund.failed,                        refund",
        "charge.dispute.funds_withdrawn,       dispute",
        "account.updated,                      account",
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

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource({
        "refund.created,         refund,  re_3RMxQ2LkdIwHu7ix0Xv2Lk8P",
        "charge.dispute.closed,  dispute, du_1RJp0ALkdIwHu7ixW2mY8sNf",
    })
    void asksToFetchTheObjectACurrentApiVersionCarries(String eventType, ObjectType type, String id) {
        assertThat(interpret(current(eventType)))
                .contains(new StateChange.FetchCurrent(new ObjectKey("stripe", type, id)));
    }

    @Test
    void takesTheMostRecentRefundOfARefundedChargeThatEmbedsItsRefunds() {
        // API version 2022-08-01: the charge lists its refunds, newest first.
        assertThat(interpret(fixture("charge.refunded"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.REFUND, "re_3MmlLrLkdIwHu7ix0aKGvKyv")));
    }

    @Test
    void leavesARefundedChargeOfACurrentApiVersionToTheRefundsOwnEvents() {
        // Since API version 2022-11-15 a charge no longer embeds its refunds; refund.created names the refund.
        assertThat(interpret(current("charge.refunded"))).isEmpty();
        assertThat(interpret(mutated("charge.refunded", p -> p.remove("/data/object/refunds")))).isEmpty();
        assertThat(interpret(mutated("charge.refunded", p -> p.replace("/data/object/refunds", JsonValue.NULL))))
                .isEmpty();
    }

    @Test
    void failsARefundedChargeThatEmbedsAnEmptyListOfRefunds() {
        assertThatThrownBy(() -> interpret(mutated("charge.refunded",
                p -> p.remove("/data/object/refunds/data/1").remove("/data/object/refunds/data/0"))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/data/object/refunds/data/0/id");
    }

    @Test
    void fetchesTheObjectOfAConnectEventOnBehalfOfItsConnectedAccount() {
        assertThat(interpret(current("refund.updated"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.REFUND, "re_3RNa7kQ9RKHgCVdK1bGw5Nd2"),
                Optional.of(CONNECTED_ACCOUNT)));
        assertThat(interpret(mutated("charge.dispute.created", p -> p.add("/account", CONNECTED_ACCOUNT))))
                .contains(new StateChange.FetchCurrent(
                        new ObjectKey("stripe", ObjectType.DISPUTE, "dp_1MtJUT2eZvKYlo2CNaw2HvEv"),
                        Optional.of(CONNECTED_ACCOUNT)));
    }

    @Test
    void fetchesTheObjectOfThePlatformsOwnEventAsThePlatform() {
        assertThat(interpret(connectEventWhere(p -> p.remove("/account")))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.REFUND, "re_3RNa7kQ9RKHgCVdK1bGw5Nd2"), Optional.empty()));
    }

    @Test
    void readsAConnectedAccountItselfAsThePlatformNotOnItsBehalf() {
        // account.updated and account.external_account.* come from the connected account they are about.
        assertThat(interpret(fixture("account.updated"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.ACCOUNT, CONNECTED_ACCOUNT), Optional.empty()));
        assertThat(interpret(fixture("account.external_account.updated"))).contains(new StateChange.FetchCurrent(
                new ObjectKey("stripe", ObjectType.ACCOUNT, CONNECTED_ACCOUNT), Optional.empty()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"acct 1Nv0FGQ9RKHgCVdK", "cus_NffrFeUfNV2Hib", "acct_", "acct_1Nv0\nFGQ9"})
    void failsAConnectEventWhoseAccountIsNotAStripeAccountIdWithoutQuotingIt(String account) {
        assertThatThrownBy(() -> interpret(connectEventWhere(p -> p.replace("/account", account))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessage("/account is not a Stripe account id");
    }

    @Test
    void failsAConnectEventWhoseAccountIsNotAString() {
        assertThatThrownBy(() -> interpret(connectEventWhere(p -> p.replace("/account", 918273645))))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageContaining("/account")
                .hasMessageNotContaining("918273645");
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
