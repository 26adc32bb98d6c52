package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.ProviderObject;
import io.tambat.domain.model.webhook.EndpointId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The business state of provider objects, kept per receiving endpoint: the same object id sent by two senders
 * on two endpoints is two objects, and neither can overwrite the other. Each apply method is one conditional
 * statement in the caller's transaction, so concurrent applies to one object serialize on its row and the
 * condition sees the latest committed state. An applied change is also written to the mutation trail.
 */
public interface BusinessStatePort {

    /** Applies when no version is stored or the stored one is lower. False: stale, nothing changed. */
    boolean applyVersioned(EndpointId endpoint, ObjectKey key, String state, long version, UUID inboxId,
            Instant now);

    /**
     * Applies a state read from the provider's API at {@code fetchedAt}: when the provider gave versions,
     * by version as above; otherwise only over a state fetched earlier, so a slow worker's older read
     * cannot overwrite a newer one.
     */
    boolean applyFetched(EndpointId endpoint, ObjectKey key, ProviderObject current, Instant fetchedAt, UUID inboxId,
            Instant now);

    /**
     * Applies a delta only right after its predecessor (stored sequence + 1), or as the first one seen.
     *
     * @return what happened; on {@link SequenceOutcome#GAP} nothing changed and predecessors are missing
     */
    SequenceOutcome applySequenced(EndpointId endpoint, ObjectKey key, String state, long sequence, UUID inboxId,
            Instant now);

    /** Outcome of {@link #applySequenced}. */
    enum SequenceOutcome {
        APPLIED,
        STALE,
        GAP
    }

    /** Records a notification that carries no order; always applies. */
    boolean applyNotification(EndpointId endpoint, ObjectKey key, String state, UUID inboxId, Instant now);

    Optional<ObjectState> find(EndpointId endpoint, ObjectKey key);

    /** The object's state on every endpoint that has one, most recently updated first. */
    List<ObjectState> findOnAnyEndpoint(ObjectKey key);
}
