package io.tambat.adapter.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.port.out.forwarding.DestinationTransportPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Sends each message by its destination's kind. */
@ApplicationScoped
class DestinationTransports implements DestinationTransportPort {

    @Inject
    HttpDestinationTransport http;

    @Inject
    KafkaDestinationTransport kafka;

    @Inject
    JmsDestinationTransport jms;

    @Override
    public DeliveryOutcome send(Destination destination, ForwardMessage message) {
        DestinationTarget target = destination.target();
        if (target instanceof DestinationTarget.Http httpTarget) {
            return http.send(destination, httpTarget, message);
        }
        if (target instanceof DestinationTarget.Kafka kafkaTarget) {
            return kafka.send(destination, kafkaTarget, message);
        }
        if (target instanceof DestinationTarget.Jms jmsTarget) {
            return jms.send(destination, jmsTarget, message);
        }
        throw new IllegalStateException("no transport for a " + target.kind() + " destination");
    }
}
