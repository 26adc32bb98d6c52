package io.tambat.domain.port.out;

import io.tambat.domain.model.webhook.PayloadDigest;

/**
 * Keyed digests of raw bodies, for the replay window and the inbox. An unkeyed digest of a plaintext kept beside
 * its ciphertext lets anyone with a backup confirm a guess about the payload; a keyed one (HMAC-SHA256 under a key
 * derived from the payload keys) does not, and stays deterministic, so a body accepted again is still recognised.
 * Thread-safe.
 */
public interface PayloadDigestPort {

    PayloadDigest of(byte[] body);
}
