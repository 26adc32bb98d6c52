package io.tambat.adapter.out.downstream;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Where payments and inventory are ({@code tambat.payments.url}, {@code tambat.inventory.url}) and the bound
 * on each call. Until both are configured, OrderCreated notifications wait in the outbox.
 */
public record DownstreamSettings(Optional<URI> payments, Optional<URI> inventory, Duration timeout) {
}
