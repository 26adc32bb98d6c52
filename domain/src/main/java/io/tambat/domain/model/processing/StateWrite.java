package io.tambat.domain.model.processing;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.StateChange;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One event's write to one object's business state, with the rule that decides, on the state as stored,
 * whether it applies. The business state port applies writes in these terms, alone or many at once.
 *
 * @param inboxId   the event that writes, kept on the object and in its mutation trail
 * @param eventReceivedAt when that event was received: its trail row is kept, and goes, with the day of it
 * @param version   the version or sequence number the write carries, if any
 * @param fetchedAt when the state was read from the provider's API, for a fetched state without version
 * @param sequenceStart the number of an object's first delta, for a write in a sequence
 */
public record StateWrite(UUID inboxId, Instant eventReceivedAt, EndpointId endpoint, ObjectKey key, String state,
        Rule rule, Optional<Long> version, Optional<Instant> fetchedAt, Optional<Long> sequenceStart) {

    /** When a write applies over the state stored for its object. */
    public enum Rule {
        /** When no version is stored or the stored one is lower. */
        NEWER_VERSION,
        /**
         * A state read from the provider's API: by version when it has one, otherwise only over a state fetched
         * earlier, so a slow worker's older read cannot overwrite a newer one.
         */
        NEWER_READ,
        /**
         * Only right after its predecessor (stored sequence + 1); for an object with none stored, only the
         * sequence's first ({@link #sequenceStart}): a later one is ahead of a predecessor not yet seen, not the
         * start.
         */
        NEXT_IN_SEQUENCE,
        /** Always: a notification that carries no order. */
        ALWAYS
    }

    public StateWrite {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(eventReceivedAt);
        Objects.requireNonNull(endpoint);
        Objects.requireNonNull(key);
        Objects.requireNonNull(state);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(version);
        Objects.requireNonNull(fetchedAt);
        Objects.requireNonNull(sequenceStart);
        if ((rule == Rule.NEXT_IN_SEQUENCE) != sequenceStart.isPresent()) {
            throw new IllegalArgumentException("a sequence start goes with " + Rule.NEXT_IN_SEQUENCE + " alone");
        }
        if ((rule == Rule.NEWER_VERSION || rule == Rule.NEXT_IN_SEQUENCE) && version.isEmpty()) {
            throw new IllegalArgumentException(rule + " needs a version");
        }
        if (rule == Rule.NEWER_READ && fetchedAt.isEmpty()) {
            throw new IllegalArgumentException(rule + " needs the time of the read");
        }
    }

    /** What {@code change}, made by event {@code inboxId} (received at {@code receivedAt}) on {@code endpoint}. */
    public static StateWrite of(StateChange change, EndpointId endpoint, UUID inboxId, Instant receivedAt) {
        if (change instanceof StateChange.Versioned versioned) {
            return new StateWrite(inboxId, receivedAt, endpoint, versioned.key(), versioned.state(),
                    Rule.NEWER_VERSION, Optional.of(versioned.version()), Optional.empty(), Optional.empty());
        }
        if (change instanceof StateChange.Sequenced sequenced) {
            return new StateWrite(inboxId, receivedAt, endpoint, sequenced.key(), sequenced.state(),
                    Rule.NEXT_IN_SEQUENCE, Optional.of(sequenced.sequence()), Optional.empty(),
                    Optional.of(sequenced.first()));
        }
        if (change instanceof StateChange.Notification notification) {
            return new StateWrite(inboxId, receivedAt, endpoint, notification.key(), notification.state(), Rule.ALWAYS,
                    Optional.empty(), Optional.empty(), Optional.empty());
        }
        throw new IllegalArgumentException("a fetch writes what it read: use fetched(...)");
    }

    /** What a state read from the provider's API at {@code fetchedAt} writes. */
    public static StateWrite fetched(ObjectKey key, ProviderObject current, Instant fetchedAt, EndpointId endpoint,
            UUID inboxId, Instant receivedAt) {
        return new StateWrite(inboxId, receivedAt, endpoint, key, current.state(), Rule.NEWER_READ, current.version(),
                Optional.of(fetchedAt), Optional.empty());
    }
}
