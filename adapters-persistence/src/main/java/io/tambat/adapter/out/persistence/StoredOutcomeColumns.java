package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.StoredOutcome;
import java.util.Optional;

/** Reads the stored answer of an idempotency record: status, body and resource id, in that column order. */
final class StoredOutcomeColumns {

    private StoredOutcomeColumns() {
    }

    /** Empty while the record is in progress (no status yet). */
    static Optional<StoredOutcome> read(Object[] row, int statusColumn) {
        if (row[statusColumn] == null) {
            return Optional.empty();
        }
        return Optional.of(new StoredOutcome(NativeRows.integer(row[statusColumn]), (String) row[statusColumn + 1],
                NativeRows.optionalText(row[statusColumn + 2])));
    }
}
