package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.Optional;

/** What a long operation shows its client: still in progress, or the final answer a replay also gives. */
public record OperationState(Optional<RecordedOutcome> outcome) {

    public OperationState {
        Objects.requireNonNull(outcome);
    }

    public OperationStatus status() {
        return outcome.isEmpty() ? OperationStatus.IN_PROGRESS : OperationStatus.COMPLETED;
    }
}
