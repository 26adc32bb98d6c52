package io.tambat.adapter.out.persistence.processing;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;

/**
 * Reads the result rows of {@code object_state}, the business state derived from processed events
 * ({@code processed_event} is only written and counted, never read back as rows). The select list stands next
 * to the method that reads it, so the two cannot drift apart.
 */
final class ObjectStateRows {

    /** One endpoint's state of an object whose key the query was given. */
    static final String STATE = "endpoint_id, state, version, CAST(last_inbox_id AS text), updated_at";

    private ObjectStateRows() {
    }

    static ObjectState state(ObjectKey key, Object[] row) {
        return new ObjectState(new EndpointId((String) row[0]), key, (String) row[1],
                ColumnValues.optionalLong(row[2]), ColumnValues.uuid(row[3]), ColumnValues.instant(row[4]));
    }
}
