package io.tambat.application.forwarding;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.OperateDestinationsUseCase;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Operator reads of destinations and deliveries, and the audited redrive of a FAILED delivery. */
@ApplicationScoped
public class DestinationOperations implements OperateDestinationsUseCase {

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort deliveries;

    @Inject
    DestinationHealth health;

    @Inject
    AuditTrail audit;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public List<DestinationState> destinations() {
        Instant now = clock.instant();
        return destinations.all().stream().map(destination -> state(destination, now)).toList();
    }

    @Override
    @Transactional
    public Optional<List<DeliveryRecord>> deliveries(String destinationId, DeliveryQuery query) {
        return destinations.find(destinationId).map(destination -> deliveries.deliveries(destination.id(), query));
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public Redrive redrive(Operator operator, String destinationId, long deliveryId) {
        if (destinations.find(destinationId).isEmpty()) {
            return Redrive.NOT_FOUND;
        }
        boolean redriven = deliveries.redrive(destinationId, deliveryId, clock.instant());
        audit.single(operator, OperatorAction.Kind.FORWARD_DELIVERY_REDRIVE, destinationId + "/" + deliveryId,
                redriven);
        if (redriven) {
            return Redrive.REDRIVEN;
        }
        return deliveries.status(destinationId, deliveryId).isPresent() ? Redrive.NOT_FAILED : Redrive.NOT_FOUND;
    }

    private DestinationState state(Destination destination, Instant now) {
        DestinationHealth.Answers answers = health.of(destination.id());
        return new DestinationState(destination.id(), destination.target().kind(),
                answers.failing() ? "failing" : "active", deliveries.backlog(destination.id(), now),
                answers.consecutiveFailures(), answers.lastError());
    }
}
