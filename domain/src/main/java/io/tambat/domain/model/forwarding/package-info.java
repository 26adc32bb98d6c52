/**
 * Forwarding of verified events and of the state changes processing applied to the shop's own services
 * (destinations): which destination takes which message, the message as sent, and each delivery's attempts.
 * Every copy of one message carries one message id, so consumers deduplicate by it.
 */
package io.tambat.domain.model.forwarding;
