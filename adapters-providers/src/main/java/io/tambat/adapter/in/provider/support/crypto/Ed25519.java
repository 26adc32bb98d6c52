package io.tambat.adapter.in.provider.support.crypto;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Ed25519 verification with a public key given as its 32 raw bytes, the form webhook senders publish
 * (Standard Webhooks {@code whpk_}). Uses the JDK provider, so no extra dependency is needed.
 */
public final class Ed25519 {

    /** Length of a raw Ed25519 public key. */
    private static final int PUBLIC_KEY_LENGTH = 32;

    /** Length of an Ed25519 signature. */
    public static final int SIGNATURE_LENGTH = 64;

    // The JDK only imports X.509 SubjectPublicKeyInfo; for Ed25519 that is this fixed DER header (SEQUENCE,
    // AlgorithmIdentifier 1.3.101.112, BIT STRING of 33 bytes) followed by the raw key.
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private Ed25519() {
    }

    /** The public key, or empty when the bytes are not a usable Ed25519 public key. */
    public static Optional<PublicKey> publicKey(byte[] raw) {
        if (raw.length != PUBLIC_KEY_LENGTH) {
            return Optional.empty();
        }
        byte[] encoded = new byte[X509_PREFIX.length + raw.length];
        System.arraycopy(X509_PREFIX, 0, encoded, 0, X509_PREFIX.length);
        System.arraycopy(raw, 0, encoded, X509_PREFIX.length, raw.length);
        try {
            return Optional.of(KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(encoded)));
        } catch (GeneralSecurityException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether the signature over the message verifies with the key. Never throws for a bad signature. */
    public static boolean verify(PublicKey key, SignedMessage message, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(key);
            verifier.update(message.head());
            verifier.update(message.body());
            return verifier.verify(signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            // A malformed signature or a key the provider cannot use is a mismatch, not an error.
            return false;
        }
    }
}
