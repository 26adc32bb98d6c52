package io.tambat.adapter.out.persistence.jdbc;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.SealedPayload;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Converts one column of a native query result, which EclipseLink hands back as a plain JDBC value, to the
 * type the domain uses. Only the row mappers ({@code *Rows}) and single-value reads use it.
 */
public final class ColumnValues {

    private ColumnValues() {
    }

    /** A uuid the query cast to text: EclipseLink has no mapping of PostgreSQL's own uuid values. */
    public static UUID uuid(Object value) {
        return UUID.fromString((String) value);
    }

    public static Instant instant(Object value) {
        return ((Timestamp) value).toInstant();
    }

    public static Optional<Instant> optionalInstant(Object value) {
        return Optional.ofNullable((Timestamp) value).map(Timestamp::toInstant);
    }

    public static Optional<String> optionalText(Object value) {
        return Optional.ofNullable((String) value);
    }

    public static Optional<Long> optionalLong(Object value) {
        return Optional.ofNullable((Number) value).map(Number::longValue);
    }

    public static int integer(Object value) {
        return ((Number) value).intValue();
    }

    /** A number, or 0 for the null an aggregate gives over no rows. */
    public static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    /** A lease from the {@code attempt_count} and {@code taken_over} columns every lease statement returns. */
    public static Lease lease(Object attemptCount, Object takenOver) {
        return new Lease(integer(attemptCount), (Boolean) takenOver);
    }

    /**
     * An inbox row's payload from the {@code payload_key_id}, {@code payload_ciphertext} and {@code payload_object}
     * columns every statement that reads a payload selects: in the row, in the object store, or empty once
     * retention purged it.
     */
    public static Optional<StoredPayload> storedPayload(Object keyId, Object ciphertext, Object object) {
        if (ciphertext != null) {
            return Optional.of(new StoredPayload.InRow(new SealedPayload((String) keyId, (byte[]) ciphertext)));
        }
        if (object != null) {
            return Optional.of(new StoredPayload.InObjectStore(new PayloadObjectKey((String) object), (String) keyId));
        }
        return Optional.empty();
    }
}
