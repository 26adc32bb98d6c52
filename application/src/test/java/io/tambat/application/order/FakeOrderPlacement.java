package io.tambat.application.order;

import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.RecordedOutcome;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Stands in for the placement transactions a long operation ends with: records each completion and each
 * stored {@code operation_failed}, or throws what a test scripted for it, as the transaction would.
 */
final class FakeOrderPlacement extends OrderPlacement {

    /** One stored end of an operation. */
    record Ended(UUID operationId, String outcome, Instant at) {
    }

    final List<Ended> ended = new ArrayList<>();
    private final Deque<RuntimeException> completeFailures = new ArrayDeque<>();
    private final Deque<RuntimeException> failFailures = new ArrayDeque<>();

    void completeThrows(RuntimeException failure) {
        completeFailures.add(failure);
    }

    void failThrows(RuntimeException failure) {
        failFailures.add(failure);
    }

    @Override
    public RecordedOutcome complete(OrderOperation operation, Instant now) {
        return end(completeFailures, operation, "created", now);
    }

    @Override
    public RecordedOutcome fail(OrderOperation operation, String detail, Instant now) {
        return end(failFailures, operation, "operation_failed: " + detail, now);
    }

    private RecordedOutcome end(Deque<RuntimeException> failures, OrderOperation operation, String outcome,
            Instant now) {
        if (!failures.isEmpty()) {
            throw failures.poll();
        }
        ended.add(new Ended(operation.id(), outcome, now));
        return new RecordedOutcome(OrderResult.OPERATION_FAILED, outcome, Optional.empty());
    }
}
