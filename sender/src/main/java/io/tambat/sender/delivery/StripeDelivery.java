package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.StripeSigner;
import java.util.Set;

/**
 * Stripe: a {@code payment_intent.succeeded} event about one payment intent, its {@code evt_} id in the body.
 * Another event type keeps the payment intent as the event's object.
 */
final class StripeDelivery {

    private static final String DEFAULT_TYPE = "payment_intent.succeeded";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("stripe", Set.of(Signed.ATTEMPT_TIME, Signed.BODY),
            () -> "evt_" + LogicalIds.mixedCase(24), StripeDelivery::sample, StripeDelivery::signed);

    private StripeDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body,
                StripeSigner.headers(attempt.secret(), attempt.unixSeconds(), body.bytes()));
    }

    // Stripe sends its events pretty-printed, as here.
    private static Body sample(Attempt attempt) {
        return Body.json("""
                {
                  "id": %s,
                  "object": "event",
                  "api_version": "2024-06-20",
                  "created": %d,
                  "data": {
                    "object": {
                      "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
                      "object": "payment_intent",
                      "amount": 2000,
                      "amount_received": 2000,
                      "currency": "eur",
                      "livemode": false,
                      "status": "succeeded"
                    }
                  },
                  "livemode": false,
                  "pending_webhooks": 1,
                  "request": {
                    "id": null,
                    "idempotency_key": null
                  },
                  "type": %s
                }""".formatted(quote(attempt.logicalId()), attempt.unixSeconds(),
                quote(attempt.eventType().orElse(DEFAULT_TYPE))));
    }
}
