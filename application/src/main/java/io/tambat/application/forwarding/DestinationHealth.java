package io.tambat.application.forwarding;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How each destination has been answering this instance: consecutive failures and the last redacted error.
 * A destination that failed {@link #FAILING_AFTER} attempts in a row is failing: it gets one attempt at a
 * time (a probe) until one succeeds, so a destination that is down is not hammered by every due delivery.
 */
@ApplicationScoped
public class DestinationHealth {

    static final int FAILING_AFTER = 5;

    /** One destination's recent answers. */
    public record Answers(int consecutiveFailures, Optional<String> lastError, Optional<Instant> lastFailureAt) {

        static final Answers NONE = new Answers(0, Optional.empty(), Optional.empty());

        public boolean failing() {
            return consecutiveFailures >= FAILING_AFTER;
        }
    }

    private final Map<String, Answers> answers = new ConcurrentHashMap<>();

    public Answers of(String destinationId) {
        return answers.getOrDefault(destinationId, Answers.NONE);
    }

    void delivered(String destinationId) {
        answers.compute(destinationId, (id, previous) -> previous == null ? null
                : new Answers(0, previous.lastError(), previous.lastFailureAt()));
    }

    void failed(String destinationId, String redactedError, Instant at) {
        answers.merge(destinationId, new Answers(1, Optional.of(redactedError), Optional.of(at)),
                (previous, now) -> new Answers(previous.consecutiveFailures() + 1, now.lastError(),
                        now.lastFailureAt()));
    }
}
