package io.tambat.adapter.in.provider.support.ingress;

import io.tambat.provider.spi.WebhookEvent;
import java.time.Instant;
import java.util.Optional;

/** Builds a {@link WebhookEvent} from envelope values, turning values the domain refuses into a rejection. */
public final class WebhookEvents {

    private WebhookEvents() {
    }

    /**
     * The event.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code MALFORMED_ENVELOPE} when the id or type is
     *         blank or longer than {@link WebhookEvent#MAX_ID_LENGTH}
     */
    public static WebhookEvent of(String providerEventId, String eventType, Optional<String> objectId,
            Optional<Long> objectVersion, Optional<Instant> providerCreatedAt) {
        try {
            return new WebhookEvent(providerEventId, eventType, objectId, objectVersion, providerCreatedAt);
        } catch (IllegalArgumentException e) {
            // The domain's message names the rule broken, never the value.
            throw Rejections.malformedEnvelope(e.getMessage());
        }
    }
}
