package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.SlackSigner;
import java.util.Set;

/**
 * Slack: an Events API {@code event_callback} wrapping an {@code app_mention} (or the inner event type asked for),
 * its {@code event_id} in the body. A redelivery is sent as Slack's first retry.
 */
final class SlackDelivery {

    private static final String DEFAULT_EVENT = "app_mention";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("slack", Set.of(Signed.ATTEMPT_TIME, Signed.BODY),
            () -> "Ev" + LogicalIds.upperCase(9), SlackDelivery::sample, SlackDelivery::signed);

    private SlackDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        return WebhookRequest.of(attempt.target(), body, SlackSigner.headers(attempt.secret(),
                attempt.unixSeconds(), body.bytes(), attempt.redelivery() ? 1 : 0));
    }

    private static Body sample(Attempt attempt) {
        // Slack's message timestamps are seconds with six decimals, which also make them unique per channel.
        String ts = "%d.%06d".formatted(attempt.unixSeconds(), attempt.signedAt().getNano() / 1000);
        return Body.json("""
                {
                  "token": "Jhj5dZrVaK7ZwHHjRyZWjbDl",
                  "team_id": "T061EG9R6",
                  "api_app_id": "A0PNCHHK2",
                  "event": {
                    "type": %s,
                    "user": "U061F7AUR",
                    "text": "<@U0LAN0Z89> is the deploy done?",
                    "ts": %s,
                    "channel": "C0LAN2Q65",
                    "event_ts": %s
                  },
                  "type": "event_callback",
                  "event_id": %s,
                  "event_time": %d
                }""".formatted(quote(attempt.eventType().orElse(DEFAULT_EVENT)), quote(ts), quote(ts),
                quote(attempt.logicalId()), attempt.unixSeconds()));
    }
}
