package io.tambat.domain.port.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.ForwardMessage;

/**
 * Sends one message to one destination, within the destination's timeout. Every way the destination can
 * fail (an answer, a timeout, a refused connection) is an outcome, never an exception. Thread-safe.
 */
public interface DestinationTransportPort {

    DeliveryOutcome send(Destination destination, ForwardMessage message);
}
