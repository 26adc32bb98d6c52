package io.tambat.adapter.out.crypto;

import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.SecretKey;

/**
 * HMAC-SHA256 of a body's SHA-256, under a key derived with HKDF from a payload key. Keyed, so that a digest
 * confirms no guess about a payload to anyone without the key; of the SHA-256 rather than of the body itself, so
 * that the SHA-256 that rows stored before digests were keyed still hold can be keyed without their payload.
 * A body is stored under the current payload key's digest key; the other configured keys' digests, and the
 * unkeyed SHA-256, are its earlier forms, which a body stored before a rotation, or before keyed digests,
 * carries.
 */
public final class HmacPayloadDigests implements PayloadDigestPort {

    /** Binds a derived key to payload digests: no key for sealing is ever the same. */
    private static final byte[] DIGEST_KEY = "tambat payload digest v1".getBytes(StandardCharsets.US_ASCII);
    private static final String HMAC = "HmacSHA256";

    /** One per configured payload key, the current one's first. */
    private final List<SecretKey> digestKeys;

    public HmacPayloadDigests(PayloadKeyRing keys) {
        digestKeys = keys.keyIds().stream()
                .map(id -> Hkdf.derive(keys.find(id).orElseThrow(), new byte[0], DIGEST_KEY, HMAC)).toList();
    }

    @Override
    public PayloadDigest of(byte[] body) {
        byte[] sha256 = sha256(body);
        List<byte[]> earlier = new ArrayList<>(digestKeys.size());
        for (SecretKey other : digestKeys.subList(1, digestKeys.size())) {
            earlier.add(hmac(other, sha256));
        }
        earlier.add(sha256);
        return new PayloadDigest(storedForSha256(sha256), earlier);
    }

    @Override
    public byte[] storedForSha256(byte[] sha256) {
        return hmac(digestKeys.get(0), sha256);
    }

    private static byte[] sha256(byte[] body) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }

    private static byte[] hmac(SecretKey key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
