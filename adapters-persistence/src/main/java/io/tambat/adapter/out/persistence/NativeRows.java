package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.Lease;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Reading the columns of native query results, which EclipseLink hands back as plain JDBC values. */
final class NativeRows {

    private NativeRows() {
    }

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

    /** A lease from its {@code attempt_count} and {@code taken_over} columns. */
    static Lease lease(Object attemptCount, Object takenOver) {
        return new Lease(integer(attemptCount), (Boolean) takenOver);
    }

    static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }
}
