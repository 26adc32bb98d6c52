package io.tambat.domain.model.webhook;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * One HTTP delivery exactly as received: the raw body bytes, the headers and, for providers that sign it,
 * the public URL the sender addressed (including its query string). Nothing here has been verified.
 */
public final class RawDelivery {

    private final byte[] body;
    private final Headers headers;
    private final URI signedUrl;

    public RawDelivery(byte[] body, Headers headers, Optional<URI> signedUrl) {
        this.body = body.clone();
        this.headers = Objects.requireNonNull(headers);
        this.signedUrl = signedUrl.orElse(null);
    }

    /** A copy of the raw body. */
    public byte[] body() {
        return body.clone();
    }

    public Headers headers() {
        return headers;
    }

    public Optional<URI> signedUrl() {
        return Optional.ofNullable(signedUrl);
    }
}
