package io.tambat.domain.model;

/**
 * How far the gauges and statistics count the rows of one kind (pending, FAILED, leased): a count stops at
 * {@link #UP_TO}, read through the partial index of its kind, so that reading it costs the same on a table of a
 * billion rows as on one of a thousand, however large a backlog grows. Past it, the count says "at least": an
 * alert on a backlog fires long before.
 */
public final class BoundedCounts {

    public static final int UP_TO = 100_000;

    private BoundedCounts() {
    }
}
