package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Maps {@link Instant} to {@code timestamptz}. The bundled EclipseLink would otherwise serialize it to bytes;
 * an instant is the only honest type for a moment in time, so entities keep it.
 */
@Converter(autoApply = true)
public class InstantJpaConverter implements AttributeConverter<Instant, Timestamp> {

    @Override
    public Timestamp convertToDatabaseColumn(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }

    @Override
    public Instant convertToEntityAttribute(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
