/**
 * What forwarding to the shop's destinations needs: the deliveries, each destination's health, the transports
 * that send, the signals between instances, the rendering of a change, and the metrics.
 */
package io.tambat.domain.port.out.forwarding;
