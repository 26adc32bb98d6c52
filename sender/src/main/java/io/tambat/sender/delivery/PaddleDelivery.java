package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.PaddleSigner;
import java.util.Set;

/**
 * Paddle Billing: a {@code transaction.completed} event with the {@code data.id}, {@code data.status} and
 * {@code data.updated_at} the receiver orders it by, its {@code event_id} in the body. Another event type keeps
 * the transaction as its data.
 */
final class PaddleDelivery {

    private static final String DEFAULT_TYPE = "transaction.completed";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("paddle", Set.of(Signed.ATTEMPT_TIME, Signed.BODY),
            () -> "evt_" + LogicalIds.lowerCase(26), PaddleDelivery::sample, PaddleDelivery::signed);

    private PaddleDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body,
                PaddleSigner.headers(attempt.secret(), attempt.unixSeconds(), body.bytes()));
    }

    private static Body sample(Attempt attempt) {
        String at = quote(attempt.signedAt().toString());
        // One notification per event and destination, the same when Paddle retries it: derived from the event id.
        String notificationId = "ntf_" + LogicalIds.derivedUuid("paddle-notification", attempt.logicalId())
                .replace("-", "");
        return Body.json("""
                {
                  "event_id": %s,
                  "event_type": %s,
                  "occurred_at": %s,
                  "notification_id": %s,
                  "data": {
                    "id": "txn_01hv8m0mnx3sj85e7gxc6kga03",
                    "status": "completed",
                    "customer_id": "ctm_01hv8m0cxt5ydb4vwn6ycsd0mc",
                    "currency_code": "EUR",
                    "origin": "web",
                    "collection_mode": "automatic",
                    "details": {
                      "totals": {
                        "total": "2000",
                        "currency_code": "EUR"
                      }
                    },
                    "billed_at": %s,
                    "updated_at": %s
                  }
                }""".formatted(quote(attempt.logicalId()), quote(attempt.eventType().orElse(DEFAULT_TYPE)), at,
                quote(notificationId), at, at));
    }
}
