package io.tambat.adapter.in.provider.support;

import java.security.MessageDigest;
import java.util.List;

/**
 * Comparison of a computed signature with the candidates a sender supplied, in time that reveals neither
 * which candidate matched nor how many leading bytes agreed.
 */
public final class ConstantTime {

    private ConstantTime() {
    }

    /**
     * Whether any candidate equals the expected bytes. Every candidate is compared, even after a match, so
     * the time taken depends only on how many candidates there are.
     */
    public static boolean anyEquals(byte[] expected, List<byte[]> candidates) {
        boolean matched = false;
        for (byte[] candidate : candidates) {
            matched |= MessageDigest.isEqual(expected, candidate);
        }
        return matched;
    }
}
