package io.tambat.adapter.in.provider.adyen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdyenEventInterpreterTest {

    private final AdyenEventInterpreter interpreter = new AdyenEventInterpreter();

    private Optional<StateChange> interpret(String eventId, String eventCode, byte[] body) {
        return interpreter.interpret(new StoredEvent("adyen", eventId, eventCode, Optional.empty(), Optional.empty(),
                body), InterpretationSettings.STANDARD_DEFAULTS);
    }

    private static byte[] batch() {
        return EventFixtures.read("adyen", "authorisation-and-capture.json");
    }

    private static StateChange.Notification notification(ObjectType type, String reference, String state) {
        return new StateChange.Notification(new ObjectKey("adyen", type, reference), state);
    }

    @Test
    void findsItsOwnItemInTheStoredBatch() {
        assertThat(interpret("QFQTPCQ8HXSKGK82:AUTHORISATION:true", "AUTHORISATION", batch()))
                .contains(notification(ObjectType.PAYMENT, "QFQTPCQ8HXSKGK82", "authorisation"));
        assertThat(interpret("V4HZ4RBFJGXXGN82:CAPTURE:true", "CAPTURE", batch()))
                .contains(notification(ObjectType.PAYMENT, "QFQTPCQ8HXSKGK82", "capture"));
    }

    @Test
    void recordsAnUnsuccessfulItemAsFailedAndARefundUnderItsOwnReference() {
        String body = new String(batch(), StandardCharsets.UTF_8)
                .replace("\"CAPTURE\"", "\"REFUND\"").replace("\"success\":\"true\"}}]}", "\"success\":\"false\"}}]}");
        assertThat(interpret("V4HZ4RBFJGXXGN82:REFUND:false", "REFUND", body.getBytes(StandardCharsets.UTF_8)))
                .contains(notification(ObjectType.REFUND, "V4HZ4RBFJGXXGN82", "refund_failed"));
    }

    @Test
    void recordsDisputesOfThePaymentAndNothingForOtherCodes() {
        String body = new String(batch(), StandardCharsets.UTF_8).replace("\"CAPTURE\"", "\"CHARGEBACK\"");
        assertThat(interpret("V4HZ4RBFJGXXGN82:CHARGEBACK:true", "CHARGEBACK", body.getBytes(StandardCharsets.UTF_8)))
                .contains(notification(ObjectType.DISPUTE, "QFQTPCQ8HXSKGK82", "chargeback"));
        String report = body.replace("\"CHARGEBACK\"", "\"REPORT_AVAILABLE\"");
        assertThat(interpret("V4HZ4RBFJGXXGN82:REPORT_AVAILABLE:true", "REPORT_AVAILABLE",
                report.getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    @Test
    void failsAnEventWhoseItemIsNotInTheStoredBody() {
        assertThatThrownBy(() -> interpret("OTHER:AUTHORISATION:true", "AUTHORISATION", batch()))
                .isInstanceOf(UninterpretableEventException.class);
        assertThatThrownBy(() -> interpret("x:y:z", "AUTHORISATION", "not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UninterpretableEventException.class);
    }
}
