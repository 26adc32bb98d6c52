package io.tambat.domain.model.operator;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where an operator action stands: a bulk action runs in the background, its count growing with each batch that
 * commits, until it ends, completed or failed. An action whose instance stopped before its end makes no more
 * progress; once it has made none for {@link #ABANDONED_AFTER} it is taken as abandoned (every bulk action is safe
 * to start again). An action on one item ends as it is recorded.
 *
 * @param progressedAt when its last batch committed, empty before its first
 * @param endedAt      when it ended, empty while it runs
 * @param failure      why it ended early, redacted: the kind of failure, never a payload or a secret
 */
public record ActionProgress(OperatorAction action, Optional<Instant> progressedAt, Optional<Instant> endedAt,
        Optional<String> failure) {

    /** Far longer than any batch of a bulk action takes. */
    public static final Duration ABANDONED_AFTER = Duration.ofMinutes(5);

    /** As operators read it. */
    public enum State {
        RUNNING("running"), COMPLETED("completed"), FAILED("failed"), ABANDONED("abandoned");

        private final String code;

        State(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    public ActionProgress {
        Objects.requireNonNull(action);
        Objects.requireNonNull(progressedAt);
        Objects.requireNonNull(endedAt);
        Objects.requireNonNull(failure);
    }

    public State state(Instant now) {
        if (endedAt.isPresent()) {
            return failure.isPresent() ? State.FAILED : State.COMPLETED;
        }
        if (action.target().isPresent()) {
            return State.COMPLETED;
        }
        Instant lastSign = progressedAt.orElse(action.at());
        return lastSign.plus(ABANDONED_AFTER).isBefore(now) ? State.ABANDONED : State.RUNNING;
    }
}
