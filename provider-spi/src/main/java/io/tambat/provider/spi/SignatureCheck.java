package io.tambat.provider.spi;

/**
 * One signature carried by a delivery, ready to be checked against a candidate secret. A provider adapter
 * builds it from the raw bytes and headers; the pipeline decides which secrets to try.
 */
@FunctionalInterface
public interface SignatureCheck {

    /**
     * Whether this signature was produced with the given secret. Implementations compare in constant time
     * and accept any of several signatures the sender put side by side (rotation). They never throw for a
     * mismatch, and return false for a secret they cannot decode.
     */
    boolean verifiedBy(SecretVersion secret);
}
