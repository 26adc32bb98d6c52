package io.tambat.adapter.in.provider.adyen;

import io.tambat.provider.spi.ObjectType;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which kind of object an Adyen event code concerns. Codes about a payment's life (authorisation, capture,
 * cancellation) track the payment; refund codes track the refund, whose own {@code pspReference} names it; dispute
 * codes track the dispute of the payment. Other codes (reports, payouts, recurring contracts) track nothing.
 */
final class AdyenEventCodes {

    private static final Map<ObjectType, Set<String>> CODES = Map.of(
            ObjectType.PAYMENT, Set.of("AUTHORISATION", "AUTHORISATION_ADJUSTMENT", "CAPTURE", "CAPTURE_FAILED",
                    "CANCELLATION", "TECHNICAL_CANCEL", "EXPIRE", "OFFER_CLOSED", "ORDER_CLOSED"),
            ObjectType.REFUND, Set.of("REFUND", "REFUND_FAILED", "REFUNDED_REVERSED", "CANCEL_OR_REFUND",
                    "REFUND_WITH_DATA"),
            ObjectType.DISPUTE, Set.of("NOTIFICATION_OF_CHARGEBACK", "REQUEST_FOR_INFORMATION", "CHARGEBACK",
                    "SECOND_CHARGEBACK", "CHARGEBACK_REVERSED", "PREARBITRATION_WON", "PREARBITRATION_LOST"));

    private AdyenEventCodes() {
    }

    static Optional<ObjectType> objectType(String eventCode) {
        return CODES.entrySet().stream()
                .filter(entry -> entry.getValue().contains(eventCode))
                .map(Map.Entry::getKey)
                .findFirst();
    }
}
