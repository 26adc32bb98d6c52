/**
 * Outbound ports and the provider SPI. Each method's Javadoc states its contract, its behaviour under
 * concurrency and what it does not guarantee; adapters live in the adapter modules.
 */
package io.tambat.domain.port.out;
