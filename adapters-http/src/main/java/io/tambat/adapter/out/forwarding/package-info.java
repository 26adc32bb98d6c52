/**
 * Sending forwarded messages to the shop's own services (signed HTTP, Kafka, JMS), and the body of a state
 * change.
 */
package io.tambat.adapter.out.forwarding;
