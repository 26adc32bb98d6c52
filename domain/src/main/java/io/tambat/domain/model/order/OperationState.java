package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.Optional;

/** What a long operation shows its client: still in progress, or the final answer a replay also gives. */
public record OperationState(Optional<StoredOutcome> outcome) {

    public OperationState {
        Objects.requireNonNull(outcome);
    }

    public boolean inProgress() {
        return outcome.isEmpty();
    }
}
