package io.tambat.domain.model.order;

import java.time.Instant;
import java.util.Objects;

/** A percentage coupon, valid until its expiry instant. */
public record Coupon(String code, int percentOff, Instant expiresAt) {

    public Coupon {
        Objects.requireNonNull(code);
        Objects.requireNonNull(expiresAt);
        if (percentOff < 1 || percentOff > 100) {
            throw new IllegalArgumentException("percent off must be 1-100");
        }
    }

    public boolean validAt(Instant now) {
        return now.isBefore(expiresAt);
    }

    /**
     * The total after the discount; the discount is rounded down, in the customer's favour never beyond it.
     * Split at hundreds so that no intermediate product can overflow, whatever the (non-negative) subtotal.
     */
    public long apply(long subtotalMinor) {
        long discount = subtotalMinor / 100 * percentOff + subtotalMinor % 100 * percentOff / 100;
        return subtotalMinor - discount;
    }
}
