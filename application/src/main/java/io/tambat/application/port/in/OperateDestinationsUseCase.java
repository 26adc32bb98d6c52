package io.tambat.application.port.in;

import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.operator.Operator;
import java.util.List;
import java.util.Optional;

/** Operators' view of the forwarding destinations and their deliveries, and the redrive of a FAILED one. */
public interface OperateDestinationsUseCase {

    /** Every configured destination, in configuration order. */
    List<DestinationState> destinations();

    /** The destination's deliveries, newest first; empty when no destination has this id. */
    Optional<List<DeliveryRecord>> deliveries(String destinationId, DeliveryQuery query);

    /** Puts a FAILED delivery back to work, due now, with its message id. Audited. */
    Redrive redrive(Operator operator, String destinationId, long deliveryId);

    enum Redrive { REDRIVEN, NOT_FOUND, NOT_FAILED }

    /**
     * One destination: its backlog as stored, and how it has been answering this instance.
     *
     * @param state {@code active}, or {@code failing} after consecutive failures (a probe at a time)
     */
    record DestinationState(String destinationId, String kind, String state, DestinationBacklog backlog,
            int consecutiveFailures, Optional<String> lastError) {
    }
}
