package io.tambat.domain.model.webhook;

import java.util.List;
import java.util.Objects;

/**
 * What identifies a raw body without revealing it: a keyed digest (see
 * {@link io.tambat.domain.port.out.secrets.PayloadDigestPort}), the same for equal bodies under one key. A body accepted
 * earlier may have been stored under another form of it, which {@code earlierForms} lists.
 *
 * @param stored       the digest a body is stored with now
 * @param earlierForms the digests the same body may have been stored with before: under another configured
 *                     payload key, or, for rows stored before digests were keyed, its SHA-256. Never stored.
 */
public record PayloadDigest(byte[] stored, List<byte[]> earlierForms) {

    public PayloadDigest {
        Objects.requireNonNull(stored);
        earlierForms = List.copyOf(earlierForms);
    }
}
