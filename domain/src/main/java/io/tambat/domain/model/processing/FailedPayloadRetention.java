package io.tambat.domain.model.processing;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a FAILED event keeps its raw payload, which a redrive needs: while it is FAILED, for ever unless a
 * retention is set. Operators are warned of the events that lose it within {@link #WARNING}.
 *
 * @param kept the retention, counted from receipt; empty to keep the payload while the event is FAILED
 */
public record FailedPayloadRetention(Optional<Duration> kept) {

    /** How long before a FAILED event's payload goes it is counted as going soon. */
    public static final Duration WARNING = Duration.ofDays(7);

    public FailedPayloadRetention {
        Objects.requireNonNull(kept);
    }

    /** FAILED events received before this have lost their payload by {@code now}. */
    public Optional<Instant> lostBefore(Instant now) {
        return kept.map(now::minus);
    }

    /** FAILED events received before this lose their payload within {@link #WARNING} of {@code now}. */
    public Optional<Instant> losingSoonBefore(Instant now) {
        return lostBefore(now).map(lost -> lost.plus(WARNING));
    }
}
