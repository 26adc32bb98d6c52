package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.StandardWebhooksSigner;
import java.util.Set;

/**
 * Standard Webhooks: a {@code payment.updated} event whose {@code data} has the object type, id, status and
 * version where the receiver's default JSON Pointers look ({@code /data/object}, {@code /data/id},
 * {@code /data/status}, {@code /data/version}). The version is the event time in milliseconds, so that each new
 * event is newer than the one before.
 */
final class StandardDelivery {

    private static final String DEFAULT_TYPE = "payment.updated";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("standard", Set.of(Signed.ATTEMPT_TIME, Signed.BODY),
            () -> "msg_" + LogicalIds.mixedCase(27), StandardDelivery::sample, StandardDelivery::signed);

    private StandardDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body, StandardWebhooksSigner.headers(attempt.secret(),
                attempt.logicalId(), attempt.unixSeconds(), body.bytes()));
    }

    private static Body sample(Attempt attempt) {
        return Body.json("""
                {
                  "type": %s,
                  "timestamp": %s,
                  "data": {
                    "object": "payment",
                    "id": "pay_2KWPBgLlAfxdpx2AI54pPJ85f4W",
                    "status": "succeeded",
                    "version": %d,
                    "amount": 2000,
                    "currency": "EUR"
                  }
                }""".formatted(quote(attempt.eventType().orElse(DEFAULT_TYPE)),
                quote(attempt.signedAt().toString()), attempt.signedAt().toEpochMilli()));
    }
}
