package io.tambat.sender.delivery;

/** What a provider's signature covers, so that the sender can tell when a flag cannot change the outcome. */
public enum Signed {
    /** The attempt's timestamp, which a receiver holds against its tolerance. */
    ATTEMPT_TIME,
    /** The URL the provider calls. */
    URL,
    /** Every byte of the body (directly, through its hash, or through all its decoded form parameters). */
    BODY
}
