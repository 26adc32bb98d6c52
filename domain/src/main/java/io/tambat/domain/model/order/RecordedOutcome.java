package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A final outcome as it was first answered, kept on its idempotency record so that every retry with the key
 * and fingerprint gets that answer byte for byte: what happened, decided here, and its representation, the
 * bytes the client received, decided by the edge that rendered it.
 *
 * @param orderId the order created, present exactly when the result is {@link OrderResult#CREATED}
 */
public record RecordedOutcome(OrderResult result, String representation, Optional<UUID> orderId) {

    public RecordedOutcome {
        Objects.requireNonNull(result);
        Objects.requireNonNull(representation);
        Objects.requireNonNull(orderId);
        if (orderId.isPresent() != (result == OrderResult.CREATED)) {
            throw new IllegalArgumentException("an order id goes with CREATED, and only with it");
        }
    }

    public static RecordedOutcome of(OrderOutcome outcome, String representation) {
        Optional<UUID> orderId = outcome instanceof OrderOutcome.Created created
                ? Optional.of(created.order().id()) : Optional.empty();
        return new RecordedOutcome(outcome.result(), representation, orderId);
    }
}
