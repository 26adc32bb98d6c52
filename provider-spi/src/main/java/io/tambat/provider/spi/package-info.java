/**
 * The provider SPI: what a plugin for one more webhook sender implements, and the values it exchanges with the
 * server. A plugin depends on this artifact ({@code io.tambat:tambat-provider-spi}) alone and registers its
 * implementations through {@link java.util.ServiceLoader}:
 *
 * <ul>
 *   <li>{@link io.tambat.provider.spi.ProviderAdapter}, ingress: reads a delivery's signatures and events;</li>
 *   <li>{@link io.tambat.provider.spi.EventInterpreter}, processing: what an accepted event means for one
 *       provider object;</li>
 *   <li>{@link io.tambat.provider.spi.ProviderStateClientFactory}, optional: the client that fetches an
 *       object's current state from the provider's API.</li>
 * </ul>
 *
 * <p>Plain Java, with no framework: implementations are stateless and thread-safe, and report what is wrong
 * with a delivery or an event through the exceptions here, never through their own.
 */
package io.tambat.provider.spi;
