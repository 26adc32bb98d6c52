package io.tambat.domain.port.out;

import io.tambat.domain.model.webhook.RawDelivery;
import io.tambat.domain.model.webhook.SignedDelivery;
import io.tambat.domain.model.webhook.WebhookEvent;
import java.time.Duration;
import java.util.List;

/**
 * The provider SPI: everything that differs between webhook senders, and nothing else. The ingress pipeline
 * is the same for every provider: it asks the adapter for the signature metadata, tries every trusted secret
 * version of the endpoint against it, checks the signed timestamp, and only then asks the adapter to read
 * the events. An adapter is stateless and thread-safe, found through {@link java.util.ServiceLoader}.
 *
 * <p>An adapter never chooses the key: it only says whether a given secret verifies the delivery.
 * What it signs over is its own business: the raw body with or without an id and timestamp
 * (Stripe, GitHub, Standard Webhooks), the public URL plus form parameters (Twilio), one HMAC per item
 * inside the body (Adyen), or an Ed25519 signature checked with a public key (Standard Webhooks).
 */
public interface ProviderAdapter {

    /** The provider's name in URLs and configuration, e.g. {@code stripe}. */
    String provider();

    /**
     * Whether a delivery with this {@code Content-Type} header (may be null when absent) can be for this
     * provider. Parameters such as {@code charset} must be tolerated.
     */
    boolean acceptsContentType(String contentType);

    /** The provider's own tolerance for its signed attempt timestamp; unused when it signs none. */
    Duration defaultTolerance();

    /**
     * Checks that a configured secret is in a format this provider's verification can use.
     *
     * @throws IllegalArgumentException naming what is wrong, never echoing the secret
     */
    void validateSecret(String secret);

    /**
     * Reads the signature metadata of a delivery without trusting anything in it. Reads the body only when
     * the provider puts signatures inside it.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException with
     *         {@link io.tambat.domain.error.Rejection#SIGNATURE_MISSING} when signature headers are missing,
     *         duplicated or malformed (a duplicated single-valued header may also surface as
     *         {@link io.tambat.domain.model.webhook.Headers.DuplicateHeaderException})
     */
    SignedDelivery readSignature(RawDelivery delivery);

    /**
     * Reads the logical events of a delivery whose signature has been verified. Most providers send one
     * event per delivery; batching providers send several, each with its own logical id.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException with
     *         {@link io.tambat.domain.error.Rejection#MALFORMED_ENVELOPE} when the body is not a valid envelope
     */
    List<WebhookEvent> readEvents(RawDelivery delivery);
}
