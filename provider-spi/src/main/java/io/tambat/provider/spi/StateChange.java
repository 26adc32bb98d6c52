package io.tambat.provider.spi;

import java.util.Objects;
import java.util.Optional;

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
            new ProviderObject(state, Optional.of(version));
        }
    }

    /**
     * A non-repeatable change in a per-object sequence (a delta): it applies only right after its
     * predecessor, or, for an object with none applied, when it is the sequence's first. A later sequence waits
     * for the missing ones within a bounded window, then the gap is reconciled from the provider's current state
     * or the event fails; an earlier one is stale.
     *
     * @param first the number the sender gives an object's first delta
     */
    record Sequenced(ObjectKey key, String state, long sequence, long first) implements StateChange {

        /** What most senders number an object's first delta. */
        public static final long USUAL_FIRST = 1;

        public Sequenced {
            Objects.requireNonNull(key);
            new ProviderObject(state, Optional.of(sequence));
        }
    }

    /**
     * The event only says the object changed: converge to what the provider's API says now.
     *
     * @param connectedAccount the account the object lives in when that is not the API key's own account but
     *        one connected to it (a Stripe Connect account): the key's own account cannot see the object, so the
     *        fetch asks on that account's behalf. Empty for the key's own objects and for providers without such
     *        accounts.
     */
    record FetchCurrent(ObjectKey key, Optional<String> connectedAccount) implements StateChange {
        public FetchCurrent {
            Objects.requireNonNull(key);
            Objects.requireNonNull(connectedAccount);
            if (connectedAccount.filter(account -> account.isBlank() || account.length() > ObjectKey.MAX_ID_LENGTH)
                    .isPresent()) {
                throw new IllegalArgumentException("connected account must be 1-" + ObjectKey.MAX_ID_LENGTH
                        + " characters");
            }
        }

        /** An object of the API key's own account. */
        public FetchCurrent(ObjectKey key) {
            this(key, Optional.empty());
        }
    }

    /**
     * A notification without order (GitHub): recorded as the object's latest notification, never compared
     * with another, because nothing in it says which came first.
     */
    record Notification(ObjectKey key, String state) implements StateChange {
        public Notification {
            Objects.requireNonNull(key);
            new ProviderObject(state, Optional.empty());
        }
    }
}
