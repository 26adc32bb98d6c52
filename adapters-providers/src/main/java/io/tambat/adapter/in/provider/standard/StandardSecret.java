package io.tambat.adapter.in.provider.standard;

import io.tambat.adapter.in.provider.support.crypto.ConstantTime;
import io.tambat.adapter.in.provider.support.crypto.Ed25519;
import io.tambat.adapter.in.provider.support.crypto.Hmac;
import io.tambat.adapter.in.provider.support.crypto.SignedMessage;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import java.security.PublicKey;
import java.util.Optional;

/**
 * A configured Standard Webhooks secret, decoded: {@code whsec_<base64>} is a symmetric HMAC key (the key is
 * the decoded bytes, not the string), {@code whpk_<base64>} the sender's raw 32-byte Ed25519 public key.
 */
sealed interface StandardSecret {

    String SYMMETRIC_PREFIX = "whsec_";
    String PUBLIC_KEY_PREFIX = "whpk_";
    String PRIVATE_KEY_PREFIX = "whsk_";
    // The spec issues 24 to 64 random bytes; below 16 a key is too short to be a real one.
    int MIN_SYMMETRIC_KEY_BYTES = 16;

    /**
     * Whether any signature of this key's kind verifies the signed bytes. Entries of the other kind are never
     * looked at, so a symmetric secret cannot vouch for an Ed25519 entry or the reverse.
     */
    boolean verifies(SignedMessage signed, StandardSignatureHeader signatures);

    /** The key for {@code v1} signatures; decoded afresh for every check, so the array is never shared. */
    record HmacKey(byte[] key) implements StandardSecret {
        @Override
        public boolean verifies(SignedMessage signed, StandardSignatureHeader signatures) {
            return ConstantTime.anyEquals(Hmac.sha256(key, signed), signatures.hmacSignatures());
        }
    }

    /** The key for {@code v1a} signatures. */
    record VerifyKey(PublicKey key) implements StandardSecret {
        @Override
        public boolean verifies(SignedMessage signed, StandardSignatureHeader signatures) {
            return ConstantTime.anyPasses(signatures.ed25519Signatures(),
                    signature -> Ed25519.verify(key, signed, signature));
        }
    }

    /**
     * The decoded secret, or empty when it has neither prefix or its key does not decode. Lenient about the
     * symmetric key's length so that verification never depends on configuration checks having run.
     */
    static Optional<StandardSecret> decode(String secret) {
        if (secret.startsWith(SYMMETRIC_PREFIX)) {
            return StrictDecoding.base64(secret.substring(SYMMETRIC_PREFIX.length()))
                    .filter(key -> key.length > 0)
                    .map(HmacKey::new);
        }
        if (secret.startsWith(PUBLIC_KEY_PREFIX)) {
            return StrictDecoding.base64(secret.substring(PUBLIC_KEY_PREFIX.length()))
                    .flatMap(Ed25519::publicKey)
                    .map(VerifyKey::new);
        }
        return Optional.empty();
    }

    /**
     * Checks a secret before it is trusted.
     *
     * @throws IllegalArgumentException naming the rule broken, never echoing the secret
     */
    static void validate(String secret) {
        if (secret == null) {
            throw new IllegalArgumentException("a Standard Webhooks secret must not be null");
        }
        if (secret.startsWith(PRIVATE_KEY_PREFIX)) {
            throw new IllegalArgumentException("a " + PRIVATE_KEY_PREFIX + " secret is the sender's private"
                    + " signing key; configure its " + PUBLIC_KEY_PREFIX + " public key instead");
        }
        StandardSecret decoded = decode(secret).orElseThrow(() -> new IllegalArgumentException(
                "a Standard Webhooks secret is " + SYMMETRIC_PREFIX + "<base64 key> or " + PUBLIC_KEY_PREFIX
                        + "<base64 of a 32-byte Ed25519 public key>"));
        if (decoded instanceof HmacKey hmac && hmac.key().length < MIN_SYMMETRIC_KEY_BYTES) {
            throw new IllegalArgumentException("a " + SYMMETRIC_PREFIX + " key must decode to at least "
                    + MIN_SYMMETRIC_KEY_BYTES + " bytes");
        }
    }
}
