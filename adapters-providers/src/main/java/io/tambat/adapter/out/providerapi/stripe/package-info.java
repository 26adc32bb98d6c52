/**
 * Stripe's REST API as the source of an object's current state: the {@code ProviderStatePort} the processing
 * worker calls for Stripe events, which carry no version, and the ServiceLoader factory that builds it from
 * {@code tambat.providers.stripe.api-url} and {@code .api-key} (or an endpoint's own {@code api-key}). Uses only
 * the JDK's HTTP client and JSON-P, and nothing of the inbound provider adapters: outbound adapters depend on the
 * domain alone.
 */
package io.tambat.adapter.out.providerapi.stripe;
