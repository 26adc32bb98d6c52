package io.tambat.domain.model.processing;

import java.util.Objects;

/**
 * What one event means for one provider object. Arrival order never decides: a versioned event applies
 * only over an older version, and an event without a version sends the worker to the provider for the
 * object's current state.
 */
public sealed interface StateChange {

    ObjectKey key();

    /** The event carries the object's authoritative state and version. */
    record Versioned(ObjectKey key, String state, long version) implements StateChange {
        public Versioned {
            Objects.requireNonNull(key);
            new ProviderObject(state, java.util.Optional.of(version));
        }
    }

    /**
     * A non-repeatable change in a per-object sequence (a delta): it applies only right after its
     * predecessor. A later sequence waits for the missing ones within a bounded window, then the gap is
     * reconciled from the provider's current state or the event fails; an earlier one is stale.
     */
    record Sequenced(ObjectKey key, String state, long sequence) implements StateChange {
        public Sequenced {
            Objects.requireNonNull(key);
            new ProviderObject(state, java.util.Optional.of(sequence));
        }
    }

    /** The event only says the object changed: converge to what the provider's API says now. */
    record FetchCurrent(ObjectKey key) implements StateChange {
        public FetchCurrent {
            Objects.requireNonNull(key);
        }
    }

    /**
     * A notification without order (GitHub): recorded as the object's latest notification, never compared
     * with another, because nothing in it says which came first.
     */
    record Notification(ObjectKey key, String state) implements StateChange {
        public Notification {
            Objects.requireNonNull(key);
            new ProviderObject(state, java.util.Optional.empty());
        }
    }
}
