package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.Lease;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Converts one column of a native query result, which EclipseLink hands back as a plain JDBC value, to the
 * type the domain uses. Only the row mappers ({@code *Rows}) and single-value reads use it.
 */
final class ColumnValues {

    private ColumnValues() {
    }

    /** A uuid the query cast to text: EclipseLink has no mapping of PostgreSQL's own uuid values. */
    static UUID uuid(Object value) {
        return UUID.fromString((String) value);
    }

    static Instant instant(Object value) {
        return ((Timestamp) value).toInstant();
    }

    static Optional<Instant> optionalInstant(Object value) {
        return Optional.ofNullable((Timestamp) value).map(Timestamp::toInstant);
    }

    static Optional<String> optionalText(Object value) {
        return Optional.ofNullable((String) value);
    }

    static Optional<Long> optionalLong(Object value) {
        return Optional.ofNullable((Number) value).map(Number::longValue);
    }

    static int integer(Object value) {
        return ((Number) value).intValue();
    }

    /** A number, or 0 for the null an aggregate gives over no rows. */
    static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    /** A lease from the {@code attempt_count} and {@code taken_over} columns every lease statement returns. */
    static Lease lease(Object attemptCount, Object takenOver) {
        return new Lease(integer(attemptCount), (Boolean) takenOver);
    }
}
