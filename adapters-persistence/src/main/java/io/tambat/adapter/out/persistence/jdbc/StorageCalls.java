package io.tambat.adapter.out.persistence.jdbc;

import io.tambat.domain.error.StorageRejectedException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.provider.spi.TambatException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.postgresql.util.PSQLException;

/**
 * Translates what the JPA provider, the pool or the driver throws into the domain's two kinds of storage
 * failure, so callers decide on the kind rather than on a driver's classes (Tambat's own exceptions pass
 * unchanged):
 *
 * <ul>
 *   <li>{@link StorageRejectedException} when the database answered and refused the statement for what it
 *       holds or says (SQLSTATE classes 22 data exception, 23 integrity violation, 42 syntax or access rule,
 *       2F/39 routine errors): the same request would fail again;</li>
 *   <li>{@link StoreUnavailableException} for everything else (no connection, a timeout, a pool exhausted,
 *       a serialization failure, the server shutting down, a row that finds no partition): the request may
 *       succeed later.</li>
 * </ul>
 */
public final class StorageCalls {

    private static final Set<String> REFUSED_CLASSES = Set.of("22", "23", "42", "2F", "39");
    /** The SQLSTATE of a check violation, which PostgreSQL also gives a row that finds no partition. */
    private static final String NO_PARTITION = "23514";

    private StorageCalls() {
    }

    public static <T> T call(String what, Supplier<T> work) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            throw translate(what, e);
        }
    }

    public static RuntimeException translate(String what, RuntimeException failure) {
        if (failure instanceof TambatException) {
            return failure;
        }
        if (refused(failure)) {
            return new StorageRejectedException(what + " refused by the database: " + failure.getClass().getName(),
                    failure);
        }
        return new StoreUnavailableException(what + " failed: " + failure.getClass().getName(), failure);
    }

    private static boolean refused(Throwable failure) {
        return sqlState(failure).filter(state -> state.length() == 5)
                .map(state -> REFUSED_CLASSES.contains(state.substring(0, 2)))
                .orElse(false) && !foundNoPartition(failure);
    }

    /**
     * Whether a row found no partition of a table partitioned by time: a check violation that names no constraint.
     * The partitions ahead ran out (neither the server nor the migration job created them), and the same write
     * succeeds once they are there: an outage of the store, not a refusal of what the row holds.
     */
    private static boolean foundNoPartition(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PSQLException sql && sql.getServerErrorMessage() != null) {
                return NO_PARTITION.equals(sql.getSQLState()) && sql.getServerErrorMessage().getConstraint() == null;
            }
        }
        return false;
    }

    /**
     * Whether the statement gave up waiting for a row another transaction is writing ({@code lock_timeout}): the
     * row is busy, which says nothing of the store's health.
     */
    public static boolean lockNotAvailable(Throwable failure) {
        return sqlState(failure).filter("55P03"::equals).isPresent();
    }

    /** The SQLSTATE of the first SQL exception among the causes. */
    public static Optional<String> sqlState(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return Optional.of(sql.getSQLState());
            }
        }
        return Optional.empty();
    }
}
