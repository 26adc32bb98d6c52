package io.tambat.domain.model.webhook;

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
}
