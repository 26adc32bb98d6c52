package io.tambat.domain.model.order;

/**
 * Where a long operation stands for its client: IN_PROGRESS until the attempt holding its lease records a
 * final outcome, then COMPLETED for good (whether the order was created or not: the outcome says which).
 */
public enum OperationStatus {
    IN_PROGRESS,
    COMPLETED;

    /** Whether an operation may move from this status to {@code next}. */
    public boolean canMoveTo(OperationStatus next) {
        return this == IN_PROGRESS && next == COMPLETED;
    }
}
