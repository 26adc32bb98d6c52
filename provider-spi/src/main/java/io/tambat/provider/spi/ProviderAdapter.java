package io.tambat.provider.spi;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The provider SPI: everything that differs between webhook senders, and nothing else. The ingress pipeline
 * is the same for every provider: it asks the adapter for the signature metadata, tries every trusted secret
 * version of the endpoint against it, checks the signed timestamp, and only then asks the adapter to read
 * the events. An adapter is stateless and thread-safe, found through {@link java.util.ServiceLoader}.
 *
 * <p>An adapter never chooses the key: it only says whether a given secret verifies the delivery.
 * What it signs over is its own business: the raw body with or without an id and timestamp
 * (Stripe, GitHub, Standard Webhooks), the public URL plus form parameters (Twilio), one HMAC per item
 * inside the body (Adyen), or an Ed25519 signature checked with a public key (Standard Webhooks). Where the
 * provider's protocol wants more than a 2xx, the two default methods at the end say what.
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
     * Whether the provider signs the URL it delivers to (Twilio), so that verification needs
     * {@link RawDelivery#signedUrl()}. The receiver cannot rebuild that URL from the request: a proxy or load
     * balancer in front of it changes the scheme, host and port the request arrives with, and a Host or
     * forwarded header is the sender's to choose. So the URL comes from the endpoint's configured public URL,
     * and an endpoint of such a provider without one could verify no delivery at all: the server refuses to
     * start with it rather than answer every delivery {@code signature_invalid}.
     */
    default boolean signsPublicUrl() {
        return false;
    }

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
     * @throws io.tambat.provider.spi.WebhookRejectedException with
     *         {@link io.tambat.provider.spi.Rejection#SIGNATURE_MISSING} when signature headers are missing,
     *         duplicated or malformed (a duplicated single-valued header may also surface as
     *         {@link io.tambat.provider.spi.Headers.DuplicateHeaderException}); with
     *         {@link io.tambat.provider.spi.Rejection#UNSUPPORTED_MEDIA_TYPE} when the provider signs forms and JSON
     *         differently and the {@code Content-Type} that says which is repeated
     */
    SignedDelivery readSignature(RawDelivery delivery);

    /**
     * Reads the logical events of a delivery whose signature has been verified. Most providers send one
     * event per delivery; batching providers send several, each with its own logical id.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException with
     *         {@link io.tambat.provider.spi.Rejection#MALFORMED_ENVELOPE} when the body is not a valid envelope
     */
    List<WebhookEvent> readEvents(RawDelivery delivery);

    /**
     * Whether a verified delivery is a step of the provider's own protocol rather than an event, and the answer
     * that step wants: Slack sends a {@code url_verification} challenge when an endpoint is configured, and
     * expects it back. Called after verification and before {@link #readEvents}; nothing of such a delivery is
     * stored. By default no delivery is one.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException with
     *         {@link io.tambat.provider.spi.Rejection#MALFORMED_ENVELOPE} when the step is recognised but malformed
     */
    default Optional<ProviderReply> handshake(RawDelivery delivery) {
        return Optional.empty();
    }

    /**
     * The body the provider requires in every 2xx acknowledgement (Adyen's {@code [accepted]}), or empty to answer
     * with Tambat's own receipt, which names the inbox row.
     */
    default Optional<ProviderReply> acknowledgement() {
        return Optional.empty();
    }
}
