package io.tambat.domain.model.webhook;

/** The three acknowledgements of an authentic delivery. */
public enum ReceiptStatus {
    /** Stored now, for the first time. */
    ACCEPTED,
    /** Stored earlier under the same provider, endpoint and logical event id; no new work was created. */
    DUPLICATE,
    /** Authentic, but of an event type the endpoint does not take; nothing was stored. */
    IGNORED;
}
