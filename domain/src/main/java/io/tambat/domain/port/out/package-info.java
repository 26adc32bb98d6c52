/**
 * Outbound ports. Each method's Javadoc states its contract, its behaviour under concurrency and what it does
 * not guarantee; adapters live in the adapter modules. The provider SPI is in {@link io.tambat.provider.spi}.
 */
package io.tambat.domain.port.out;
