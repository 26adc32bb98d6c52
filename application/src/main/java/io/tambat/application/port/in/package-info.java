/**
 * Inbound ports: the use cases offered to the adapters that receive requests, one package per capability
 * ({@code webhook}, {@code secrets}, {@code inbox}, {@code processing}, {@code order}, {@code forwarding},
 * {@code operator}).
 */
package io.tambat.application.port.in;
