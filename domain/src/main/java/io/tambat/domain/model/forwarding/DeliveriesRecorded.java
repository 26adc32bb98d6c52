package io.tambat.domain.model.forwarding;

/** Deliveries were recorded in the current transaction: once it commits, senders have work. */
public record DeliveriesRecorded() {
}
