package io.tambat.adapter.in.provider.support.crypto;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 of raw bytes, for what is compared as a digest rather than signed: Twilio's {@code bodySHA256}, or a
 * plaintext token compared as digests so that the comparison does not depend on its length (GitLab).
 */
public final class Sha256 {

    /** The length of a SHA-256 digest, in bytes. */
    public static final int LENGTH = 32;

    private Sha256() {
    }

    public static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
