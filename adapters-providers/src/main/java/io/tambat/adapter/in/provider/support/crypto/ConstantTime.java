package io.tambat.adapter.in.provider.support.crypto;

import java.security.MessageDigest;
import java.util.List;
import java.util.function.Predicate;

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
        return anyPasses(candidates, candidate -> MessageDigest.isEqual(expected, candidate));
    }

    /**
     * Whether any candidate passes the check, for checks that are not a byte comparison (an Ed25519
     * verification). Every candidate is checked, even after a match, so which one matched does not show in
     * the time taken; how long one check takes is the check's own affair.
     */
    public static boolean anyPasses(List<byte[]> candidates, Predicate<byte[]> check) {
        boolean matched = false;
        for (byte[] candidate : candidates) {
            matched |= check.test(candidate);
        }
        return matched;
    }
}
