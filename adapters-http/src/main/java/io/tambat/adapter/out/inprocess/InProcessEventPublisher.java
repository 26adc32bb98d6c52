package io.tambat.adapter.out.inprocess;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.EventPublisherPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Publishes outbox notifications as CDI events inside this server: any bean observing {@link OutboxMessage}
 * receives them, synchronously, at least once. Workers need no notification to find work (they lease due
 * rows), so nothing is lost when no one listens; a broker adapter can replace this one.
 */
@ApplicationScoped
public class InProcessEventPublisher implements EventPublisherPort {

    @Inject
    Event<OutboxMessage> subscribers;

    @Inject
    MetricRegistry registry;

    @Override
    public void publish(OutboxMessage message) {
        subscribers.fire(message);
        registry.counter("tambat.outbox.published", new Tag("topic", message.topic())).inc();
    }
}
