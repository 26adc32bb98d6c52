package io.tambat.application.port.in.webhook;

import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.model.webhook.WebhookReceipt;
import io.tambat.provider.spi.RawDelivery;

/**
 * Receiving one webhook delivery, in two calls so the HTTP edge can bound the body with the endpoint's own
 * limit, and hold its size against what the server lets unverified bodies take, before reading it. Both throw
 * {@link io.tambat.provider.spi.WebhookRejectedException} for every refusal of the receiving contract; nothing of
 * a refused delivery is stored.
 */
public interface ReceiveWebhookUseCase {

    /**
     * Admits a delivery before its body is read: the endpoint must exist for this provider, and the provider
     * must take the content type.
     */
    WebhookEndpoint admit(String provider, String endpointId, String contentType);

    /**
     * Verifies the raw delivery, checks its signed freshness, applies the endpoint's rate limits (one for
     * verified deliveries, one for requests failing verification), reads its events and stores the allowed
     * ones once. Returns only after the commit; a returned receipt is durable.
     *
     * @param verified runs once, on the calling thread, as soon as the signature and the signed freshness have
     *                 verified, before the events are read or anything is stored: the HTTP edge lets go there of
     *                 what it held against unverified bodies. It never runs for a delivery refused before that
     *                 point, for whatever reason, so a caller that holds something lets it go in its own
     *                 {@code finally} as well.
     */
    WebhookReceipt receive(WebhookEndpoint endpoint, RawDelivery delivery, Runnable verified);
}
