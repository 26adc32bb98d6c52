package io.tambat.application.port.in.operator;

import java.util.Objects;
import java.util.UUID;

/**
 * What the operator who started a bulk action hears of it: its result when it ended within the time they waited,
 * otherwise that it goes on in the background, where {@link ReadAuditTrailUseCase#action} follows it.
 */
public sealed interface ActionAnswer<R> {

    /** The action's entry in the audit trail. */
    UUID actionId();

    record Done<R>(UUID actionId, R result) implements ActionAnswer<R> {

        public Done {
            Objects.requireNonNull(actionId);
            Objects.requireNonNull(result);
        }
    }

    record Running<R>(UUID actionId) implements ActionAnswer<R> {

        public Running {
            Objects.requireNonNull(actionId);
        }
    }
}
