package io.tambat.domain.model.webhook;

/** The acknowledgements of an authentic delivery. */
public enum ReceiptStatus {
    /** Stored now, for the first time. */
    ACCEPTED,
    /** Stored earlier under the same provider, endpoint and logical event id; no new work was created. */
    DUPLICATE,
    /** Authentic, but of an event type the endpoint does not take; nothing was stored. */
    IGNORED,
    /**
     * Authentic, but a step of the provider's own protocol rather than an event (Slack's URL verification):
     * answered as the provider expects; nothing was stored.
     */
    ANSWERED;
}
