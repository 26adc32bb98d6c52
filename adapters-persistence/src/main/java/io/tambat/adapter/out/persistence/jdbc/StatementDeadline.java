package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.Query;
import java.time.Duration;

/**
 * How long a statement may run, by who waits for its answer. A statement past its deadline is cancelled by the
 * driver and fails as the store being unavailable ({@link StorageCalls}): a scrape then reads -1, an operator
 * hears 503, and neither holds a connection and a backend for long. Statements of the background work have no
 * deadline of their own: the driver's socket timeout (10 s, the datasource's) bounds them, as it bounds these when
 * the connection stops answering altogether.
 */
public enum StatementDeadline {

    /**
     * A gauge's reading, at every scrape of {@code /metrics}: bounded by construction (partial indexes, estimates),
     * so one that takes longer is waiting for a lock or a database in trouble, and is read again 5 s later.
     */
    SCRAPE(Duration.ofSeconds(2)),

    /**
     * An operator's read (lists, one row, a payload, the audit trail): what takes longer belongs in a background
     * action.
     */
    OPERATOR(Duration.ofSeconds(5));

    /** The JPA hint, in milliseconds, that EclipseLink hands to the driver as the statement's query timeout. */
    private static final String QUERY_TIMEOUT = "jakarta.persistence.query.timeout";

    private final Duration deadline;

    StatementDeadline(Duration deadline) {
        this.deadline = deadline;
    }

    public Duration deadline() {
        return deadline;
    }

    /** The query, cancelled once it has run for longer than this deadline. */
    public Query bound(Query query) {
        return query.setHint(QUERY_TIMEOUT, (int) deadline.toMillis());
    }

    /** A statement run on the enlisted connection, bound as {@code binder} says and cancelled past this deadline. */
    public EnlistedConnection.Binder bound(EnlistedConnection.Binder binder) {
        return (connection, statement) -> {
            statement.setQueryTimeout((int) deadline.toSeconds());
            binder.bind(connection, statement);
        };
    }
}
