package io.tambat.domain.port.out.processing;

import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.StateWrite;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The business state of provider objects, kept per receiving endpoint: the same object id sent by two senders
 * on two endpoints is two objects, and neither can overwrite the other. Writes are conditional statements in
 * the caller's transaction, so concurrent writes to one object serialize on its row and each rule sees the
 * latest committed state. An applied write is also recorded in the mutation trail.
 */
public interface BusinessStatePort {

    /**
     * Applies each write by its rule, as if alone and in their order: a later write to the same object sees
     * what an earlier one did.
     *
     * @return what became of each write, in order
     */
    List<Outcome> applyAll(List<StateWrite> writes, Instant now);

    /** What became of one write. */
    enum Outcome {
        APPLIED,
        /** Its rule kept the stored state: nothing changed. */
        STALE,
        /** A {@link StateWrite.Rule#NEXT_IN_SEQUENCE} write whose predecessors are missing: nothing changed. */
        GAP
    }

    /**
     * The events among {@code inboxIds} whose mutation is in the trail: processed again (a replay), they must not
     * mutate twice. Joins the caller's transaction; one indexed read.
     */
    Set<UUID> mutatedAmong(Set<UUID> inboxIds);

    Optional<ObjectState> find(EndpointId endpoint, ObjectKey key);

    /** The object's state on every endpoint that has one, most recently updated first. */
    List<ObjectState> findOnAnyEndpoint(ObjectKey key);

    /**
     * Forgets mutation trail entries applied before the cutoff, at most {@code batch}; the objects' states stay.
     *
     * @return how many entries were forgotten
     */
    int purgeTrail(Instant appliedBefore, int batch);
}
