package io.tambat.domain.model.forwarding;

import java.util.Locale;

/**
 * Where a destination stands, as operators and alerts see it: sent to ({@code active}), held back by an operator
 * ({@code paused}), refusing ({@code failing}: probed one attempt at a time), or no longer configured with
 * deliveries left unsent ({@code removed}).
 */
public enum DestinationCondition {
    ACTIVE, PAUSED, FAILING, REMOVED;

    /** A configured destination's condition: a pause outranks failures, since nothing is sent while paused. */
    public static DestinationCondition of(boolean paused, DestinationAnswers answers) {
        return paused ? PAUSED : answers.failing() ? FAILING : ACTIVE;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
