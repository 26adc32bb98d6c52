/**
 * Provider adapters: per webhook sender, in its own sub-package and registered for
 * {@link java.util.ServiceLoader}, one {@link io.tambat.provider.spi.ProviderAdapter} that verifies and reads
 * deliveries and one {@link io.tambat.provider.spi.EventInterpreter} that says what a stored event means for
 * a provider object. They know their provider's headers, signed bytes, secret format, envelope and event
 * types, and nothing about endpoints, trusted secret versions, clocks, storage or remote calls: the pipelines
 * own those. Shared building blocks live under {@code support}, one sub-package per concern.
 */
package io.tambat.adapter.in.provider;
