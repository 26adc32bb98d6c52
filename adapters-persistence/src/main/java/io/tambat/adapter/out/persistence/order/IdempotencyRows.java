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
 * operations that live on them. Each shape's select list stands next to the method that reads it, so the two
 * cannot drift apart.
 */
final class IdempotencyRows {

    /** The recorded outcome: result, representation and order id, all null while the record is in progress. */
    static final String OUTCOME = "outcome, response_body, resource_id";

    /** A live record found by a claim that did not get the key. */
    static final String EXISTING = "fingerprint, " + OUTCOME + ", CAST(operation_id AS text)";

    /** A long operation as the worker that leased it needs it, from the lease statement's {@code leased} rows. */
    static final String LEASED_OPERATION = """
            CAST(operation_id AS text), tenant_id, idempotency_key, operation_request, attempt_count, taken_over""";

    /**
     * A long operation as an operator sees it: never the key or the fingerprint, which are not even selected.
     */
    static final String OPERATION = "CAST(operation_id AS text), tenant_id, created_at, " + OUTCOME;

    private IdempotencyRows() {
    }

    static Claim.Existing existing(Object[] row) {
        return new Claim.Existing((String) row[0], outcome(row, 1),
                ColumnValues.optionalText(row[4]).map(UUID::fromString));
    }

    static OperationState operationState(Object[] row) {
        return new OperationState(outcome(row, 0));
    }

    static TenantOperation tenantOperation(Object[] row) {
        return new TenantOperation(ColumnValues.uuid(row[0]), new TenantId((String) row[1]),
                ColumnValues.instant(row[2]), new OperationState(outcome(row, 3)));
    }

    static OrderOperation leasedOperation(Object[] row) {
        return new OrderOperation(ColumnValues.uuid(row[0]), new TenantId((String) row[1]),
                new IdempotencyKey((String) row[2]), OperationRequestJson.read((String) row[3]),
                ColumnValues.lease(row[4], row[5]));
    }

    /** The {@link #OUTCOME} columns from {@code first} on; empty while the record is in progress. */
    private static Optional<RecordedOutcome> outcome(Object[] row, int first) {
        if (row[first] == null) {
            return Optional.empty();
        }
        return Optional.of(new RecordedOutcome(OrderResult.valueOf((String) row[first]), (String) row[first + 1],
                ColumnValues.optionalText(row[first + 2]).map(UUID::fromString)));
    }
}
