package io.tambat.domain.model.forwarding;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One of the shop's services that forwarded messages go to, as configured under
 * {@code tambat.forwarding.destination.<id>.*}.
 *
 * @param endpoints   the webhook endpoints whose messages it takes; empty for every endpoint
 * @param maxInFlight deliveries under way at once on one instance
 * @param rateLimit   deliveries per second started on one instance, if limited
 * @param ordering    whether one object's messages go in order
 */
public record Destination(
        String id,
        Set<MessageType> messages,
        Optional<Set<String>> endpoints,
        EventTypePatterns eventTypes,
        RetrySchedule retrySchedule,
        Duration timeout,
        int maxInFlight,
        Optional<Integer> rateLimit,
        Ordering ordering,
        DestinationTarget target) {

    /** Whether messages about one object go one at a time, in order. */
    public enum Ordering {
        /** In parallel, up to max-in-flight. */
        NONE,
        /**
         * The messages of one ordering key one at a time, in the order their causes committed; a FAILED one
         * holds the later ones until it is redriven and delivered, or skipped.
         */
        PER_OBJECT
    }

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
    public static final int DEFAULT_MAX_IN_FLIGHT = 16;
    private static final Pattern ID = Pattern.compile("[a-z0-9-]{1,64}");

    public Destination {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("destination ids must match [a-z0-9-]{1,64}");
        }
        messages = Set.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a destination takes events, state changes or both");
        }
        endpoints = endpoints.map(Set::copyOf);
        Objects.requireNonNull(eventTypes);
        Objects.requireNonNull(retrySchedule);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive");
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("max-in-flight must be at least 1");
        }
        if (rateLimit.isPresent() && rateLimit.get() < 1) {
            throw new IllegalArgumentException("a rate limit is at least 1/s");
        }
        Objects.requireNonNull(ordering);
        Objects.requireNonNull(target);
    }

    public static boolean isValidId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    /** The delivery to this destination of a message about this cause, if it takes that message. */
    public Optional<NewForward> forward(MessageType type, String messageId, ForwardCause cause) {
        return takes(type, cause.endpointId(), cause.eventType())
                ? Optional.of(new NewForward(id, type, messageId, cause.inboxId(), cause.receivedAt(),
                        cause.orderingKey(), cause.committedAt()))
                : Optional.empty();
    }

    /** Whether this destination takes a message of this type about an event of this endpoint and type. */
    public boolean takes(MessageType type, String endpointId, String eventType) {
        return messages.contains(type) && endpoints.map(ids -> ids.contains(endpointId)).orElse(true)
                && eventTypes.matches(eventType);
    }
}
