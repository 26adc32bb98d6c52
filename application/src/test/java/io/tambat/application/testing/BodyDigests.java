package io.tambat.application.testing;

import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * Stands in for keyed payload digests with what the application relies on: equal bodies have equal digests,
 * other bodies other ones.
 */
public final class BodyDigests implements PayloadDigestPort {

    @Override
    public PayloadDigest of(byte[] body) {
        try {
            return new PayloadDigest(MessageDigest.getInstance("SHA-256").digest(body), List.of());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }

    @Override
    public byte[] storedForSha256(byte[] sha256) {
        return sha256.clone();
    }
}
