package io.tambat.adapter.out.crypto;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The payload keys: {@code kid:base64-32-bytes[,kid:...]}. The first key encrypts; every key decrypts, so
 * a new key is put first and old ones stay until nothing sealed with them remains.
 */
public final class PayloadKeyRing {

    private static final int KEY_BYTES = 32;

    private final String currentKeyId;
    private final Map<String, SecretKey> keys;

    private PayloadKeyRing(String currentKeyId, Map<String, SecretKey> keys) {
        this.currentKeyId = currentKeyId;
        this.keys = Map.copyOf(keys);
    }

    /**
     * @throws IllegalArgumentException naming the entry that is wrong, never echoing key material
     */
    public static PayloadKeyRing parse(String spec) {
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        String first = null;
        for (String entry : spec.split(",")) {
            String trimmed = entry.trim();
            int colon = trimmed.indexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("each entry must be kid:base64-32-bytes");
            }
            String kid = trimmed.substring(0, colon);
            if (!kid.matches("[A-Za-z0-9._-]{1,64}")) {
                throw new IllegalArgumentException("key id must match [A-Za-z0-9._-]{1,64}");
            }
            byte[] material;
            try {
                material = Base64.getDecoder().decode(trimmed.substring(colon + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("key " + kid + " is not valid base64");
            }
            if (material.length != KEY_BYTES) {
                throw new IllegalArgumentException("key " + kid + " must decode to exactly 32 bytes");
            }
            if (keys.put(kid, new SecretKeySpec(material, "AES")) != null) {
                throw new IllegalArgumentException("key id " + kid + " appears twice");
            }
            if (first == null) {
                first = kid;
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("at least one key is needed");
        }
        return new PayloadKeyRing(first, keys);
    }

    /** A fresh random key that lives as long as the process: for development only. */
    public static PayloadKeyRing ephemeral() {
        byte[] material = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(material);
        return new PayloadKeyRing("dev-ephemeral", Map.of("dev-ephemeral", new SecretKeySpec(material, "AES")));
    }

    /** The key ids in configuration order: the current one first. */
    List<String> keyIds() {
        List<String> ids = new ArrayList<>(List.of(currentKeyId));
        keys.keySet().stream().filter(id -> !id.equals(currentKeyId)).sorted().forEach(ids::add);
        return List.copyOf(ids);
    }

    String currentKeyId() {
        return currentKeyId;
    }

    SecretKey current() {
        return keys.get(currentKeyId);
    }

    Optional<SecretKey> find(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }
}
