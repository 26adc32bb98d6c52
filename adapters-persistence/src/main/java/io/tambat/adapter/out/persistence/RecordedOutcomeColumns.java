package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.RecordedOutcome;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the recorded outcome of an idempotency record: {@code outcome}, {@code response_body} and
 * {@code resource_id}, in that column order.
 */
final class RecordedOutcomeColumns {

    private RecordedOutcomeColumns() {
    }

    /** Empty while the record is in progress (no outcome yet). */
    static Optional<RecordedOutcome> read(Object[] row, int outcomeColumn) {
        if (row[outcomeColumn] == null) {
            return Optional.empty();
        }
        return Optional.of(new RecordedOutcome(OrderResult.valueOf((String) row[outcomeColumn]),
                (String) row[outcomeColumn + 1], NativeRows.optionalText(row[outcomeColumn + 2]).map(UUID::fromString)));
    }
}
