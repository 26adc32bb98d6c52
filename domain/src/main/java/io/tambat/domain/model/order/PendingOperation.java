package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.UUID;

/** A request to be run later as a long operation, stored with the idempotency record that claims its key. */
public record PendingOperation(UUID id, OrderRequest request) {

    public PendingOperation {
        Objects.requireNonNull(id);
        Objects.requireNonNull(request);
    }
}
