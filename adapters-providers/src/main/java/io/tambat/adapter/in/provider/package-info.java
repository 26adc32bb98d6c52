/**
 * Provider adapters: one {@link io.tambat.domain.port.out.ProviderAdapter} per webhook sender, each in its own
 * sub-package and registered for {@link java.util.ServiceLoader}. An adapter knows its provider's headers,
 * signed bytes, secret format and envelope, and nothing about endpoints, trusted secret versions, clocks or
 * storage: the ingress pipeline owns those. Shared building blocks live in {@code support}.
 */
package io.tambat.adapter.in.provider;
