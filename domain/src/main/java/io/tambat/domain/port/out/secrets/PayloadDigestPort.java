package io.tambat.domain.port.out.secrets;

import io.tambat.domain.model.webhook.PayloadDigest;

/**
 * Keyed digests of raw bodies, for the replay window and the inbox. An unkeyed digest of a plaintext kept beside
 * its ciphertext lets anyone with a backup confirm a guess about the payload; a keyed one (HMAC-SHA256 under a key
 * derived from the payload keys) does not, and stays deterministic, so a body accepted again is still recognised.
 * Thread-safe.
 */
public interface PayloadDigestPort {

    PayloadDigest of(byte[] body);

    /**
     * The digest a body with this SHA-256 is stored with now, equal to {@code of(body).stored()}: for rows stored
     * before digests were keyed, which kept only the body's SHA-256 (their payload may be purged already).
     */
    byte[] storedForSha256(byte[] sha256);
}
