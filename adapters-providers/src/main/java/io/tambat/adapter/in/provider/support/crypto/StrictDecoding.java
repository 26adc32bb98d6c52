package io.tambat.adapter.in.provider.support.crypto;

import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Decodes signature and key text without throwing: text that does not decode is simply not a usable
 * candidate, which the caller turns into a rejection or a mismatch as its contract requires.
 */
public final class StrictDecoding {

    private StrictDecoding() {
    }

    /** The bytes of a hex string (either case) of exactly {@code length} bytes; empty otherwise. */
    public static Optional<byte[]> hex(String text, int length) {
        if (text == null || text.length() != length * 2) {
            return Optional.empty();
        }
        try {
            return Optional.of(HexFormat.of().parseHex(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The bytes of a hex string (either case) of exactly {@code length} bytes behind a scheme prefix, e.g.
     * GitHub's {@code sha256=<hex>}; empty when the text does not start with the prefix exactly, case included.
     */
    public static Optional<byte[]> prefixedHex(String text, String prefix, int length) {
        if (text == null || !text.startsWith(prefix)) {
            return Optional.empty();
        }
        return hex(text.substring(prefix.length()), length);
    }

    /** The bytes of a standard-alphabet base64 string (RFC 4648 section 4, padding optional); empty otherwise. */
    public static Optional<byte[]> base64(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Base64.getDecoder().decode(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The bytes of a base64 string, as {@link #base64(String)}, that decodes to exactly {@code length} bytes (a
     * signature of a known size); empty otherwise.
     */
    public static Optional<byte[]> base64(String text, int length) {
        return base64(text).filter(decoded -> decoded.length == length);
    }
}
