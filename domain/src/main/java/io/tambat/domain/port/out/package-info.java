/**
 * Outbound ports, one package per capability, so one place shows what a capability needs: {@code webhook},
 * {@code secrets}, {@code inbox}, {@code processing}, {@code order}, {@code forwarding}, {@code operator}, and
 * {@code work} for what every background queue shares. Each method's Javadoc states its contract, its behaviour
 * under concurrency and what it does not guarantee; adapters live in the adapter modules. The provider SPI is
 * in {@link io.tambat.provider.spi}.
 */
package io.tambat.domain.port.out;
