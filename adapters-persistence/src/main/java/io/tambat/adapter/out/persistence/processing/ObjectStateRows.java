package io.tambat.adapter.out.persistence.processing;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;

/**
 * Reads the result rows of {@code object_state}, the business state derived from processed events
 * ({@code processed_event} is only written and counted, never read back as rows), in the order
 * {@link PostgresBusinessStateAdapter}'s {@code FIND} selects the columns.
 */
final class ObjectStateRows {

    private ObjectStateRows() {
    }

    static ObjectState state(ObjectKey key, Object[] row) {
        return new ObjectState(new EndpointId((String) row[0]), key, (String) row[1],
                ColumnValues.optionalLong(row[2]), ColumnValues.uuid(row[3]), ColumnValues.instant(row[4]));
    }
}
