package io.tambat.provider.spi;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a provider adapter read from a delivery's signature metadata, before any trust is given to it.
 *
 * @param checks   every signature that must verify; more than one when a batch signs each item (Adyen).
 *                 One secret version must verify all of them.
 * @param signedAt the attempt timestamp covered by the signature, for providers that sign one
 */
public record SignedDelivery(List<SignatureCheck> checks, Optional<Instant> signedAt) {

    public SignedDelivery {
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("a signed delivery carries at least one signature");
        }
    }

    public static SignedDelivery of(SignatureCheck check, Optional<Instant> signedAt) {
        return new SignedDelivery(List.of(check), signedAt);
    }

    /** True when every signature verifies with the given secret version. */
    public boolean verifiedBy(SecretVersion secret) {
        return checks.stream().allMatch(check -> check.verifiedBy(secret));
    }

    /**
     * The first of the trusted versions, in the order given, that verifies every signature. Every version is
     * tried even after one matched, so the time taken does not depend on which one did; the request never names
     * the key.
     */
    public Optional<SecretVersion> matchingVersion(List<SecretVersion> trusted) {
        SecretVersion matched = null;
        for (SecretVersion candidate : trusted) {
            if (verifiedBy(candidate) && matched == null) {
                matched = candidate;
            }
        }
        return Optional.ofNullable(matched);
    }

    /**
     * Checks the signed attempt timestamp, when there is one, in both directions: a delivery signed longer ago
     * than the tolerance is a replay or a very late retry, one signed further ahead comes from a clock that
     * cannot be trusted.
     *
     * @throws WebhookRejectedException {@link Rejection#TIMESTAMP_STALE} outside the tolerance
     */
    public void requireFresh(Duration tolerance, Instant now) {
        signedAt.ifPresent(at -> {
            if (Duration.between(at, now).abs().compareTo(tolerance) > 0) {
                throw new WebhookRejectedException(Rejection.TIMESTAMP_STALE,
                        "signed timestamp is outside the tolerance of " + tolerance.toSeconds() + "s");
            }
        });
    }
}
