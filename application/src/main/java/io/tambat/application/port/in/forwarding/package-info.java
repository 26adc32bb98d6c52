/**
 * Use cases: operating the forwarding destinations and their deliveries.
 */
package io.tambat.application.port.in.forwarding;
