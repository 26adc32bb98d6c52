package io.tambat.sender.delivery;

import io.tambat.sender.signing.AdyenNotificationItem;
import io.tambat.sender.signing.AdyenSigner;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adyen: a notification of one {@code AUTHORISATION} item (or the event code asked for). Adyen signs inside each
 * item, so the sample is written signed and nothing is added on the way out. The logical id here is the
 * {@code pspReference}; the receiver's own id of the item adds the event code and the outcome to it.
 */
final class AdyenDelivery {

    private static final String DEFAULT_EVENT_CODE = "AUTHORISATION";

    // Signs no bytes as such, only some fields of each item, and neither the attempt time nor the URL.
    static final ProviderDelivery DELIVERY = new ProviderDelivery("adyen", Set.of(),
            () -> LogicalIds.digits(16), AdyenDelivery::signedSample, AdyenDelivery::sentAsWritten);

    private AdyenDelivery() {
    }

    private static Body signedSample(Attempt attempt) {
        AdyenNotificationItem item = new AdyenNotificationItem(attempt.logicalId(), null, "TambatDemoECOM",
                "order-1001", 1130L, "EUR", attempt.eventType().orElse(DEFAULT_EVENT_CODE), true,
                attempt.isoSeconds());
        return new Body(Body.JSON, AdyenSigner.signedBody(attempt.secret(), List.of(item)));
    }

    private static WebhookRequest sentAsWritten(Attempt attempt, Body signedSample) {
        if (attempt.givenBody().isPresent()) {
            throw new IllegalArgumentException("adyen signs inside its body, and this tool signs only the bodies it"
                    + " writes: send a given Adyen body, already signed, with any HTTP client");
        }
        return WebhookRequest.of(attempt.target(), signedSample, Map.of());
    }
}
