package io.tambat.provider.spi;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * One HTTP delivery exactly as received: the raw body bytes, the headers and, for providers that sign it,
 * the public URL the sender addressed (including its query string). Nothing here has been verified.
 *
 * <p>The body array is handed over, never copied: a body may be a mebibyte, and verification, the envelope read,
 * the digest and the sealing all read it. Whoever builds a delivery gives the array up, and every reader, a
 * provider adapter included, reads it and never changes it: the bytes verified are the bytes stored. The
 * conformance kit holds every adapter to that.
 */
public final class RawDelivery {

    private final byte[] body;
    private final Headers headers;
    private final URI signedUrl;

    public RawDelivery(byte[] body, Headers headers, Optional<URI> signedUrl) {
        this.body = Objects.requireNonNull(body);
        this.headers = Objects.requireNonNull(headers);
        this.signedUrl = signedUrl.orElse(null);
    }

    /** The raw body itself, not a copy: read it, never change it. */
    public byte[] body() {
        return body;
    }

    public Headers headers() {
        return headers;
    }

    public Optional<URI> signedUrl() {
        return Optional.ofNullable(signedUrl);
    }
}
