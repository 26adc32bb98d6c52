package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.port.out.order.IdempotencyStorePort.Claim;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the result rows of {@code idempotency_requests}, which hold both idempotency records and the long
 * operations that live on them: each reader takes the columns in the order the statement named in its Javadoc
 * selects them.
 */
final class IdempotencyRows {

    private IdempotencyRows() {
    }

    /** A row of {@code PostgresIdempotencyStoreAdapter}'s {@code EXISTING}. */
    static Claim.Existing existing(Object[] row) {
        return new Claim.Existing((String) row[0], outcome(row, 1),
                ColumnValues.optionalText(row[4]).map(UUID::fromString));
    }

    /** A row of {@code PostgresOrderOperationsAdapter}'s {@code FIND}. */
    static OperationState operationState(Object[] row) {
        return new OperationState(outcome(row, 0));
    }

    /** A row of {@code PostgresOrderOperationsAdapter}'s {@code FIND_IN_ANY_TENANT}. */
    static TenantOperation tenantOperation(Object[] row) {
        return new TenantOperation(ColumnValues.uuid(row[0]), new TenantId((String) row[1]),
                ColumnValues.instant(row[2]), new OperationState(outcome(row, 3)));
    }

    /** A row of {@code PostgresOrderOperationsAdapter}'s {@code LEASE}. */
    static OrderOperation leasedOperation(Object[] row) {
        return new OrderOperation(ColumnValues.uuid(row[0]), new TenantId((String) row[1]),
                new IdempotencyKey((String) row[2]), OperationRequestJson.read((String) row[3]),
                ColumnValues.lease(row[4], row[5]));
    }

    /** The outcome, response body and resource id from {@code first} on; empty while the record is in progress. */
    private static Optional<RecordedOutcome> outcome(Object[] row, int first) {
        if (row[first] == null) {
            return Optional.empty();
        }
        return Optional.of(new RecordedOutcome(OrderResult.valueOf((String) row[first]), (String) row[first + 1],
                ColumnValues.optionalText(row[first + 2]).map(UUID::fromString)));
    }
}
