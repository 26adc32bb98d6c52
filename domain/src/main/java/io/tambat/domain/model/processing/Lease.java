package io.tambat.domain.model.processing;

/**
 * A worker's hold on one work item (an inbox row, an order delivery, a long operation), as every work queue
 * leases: a due item is taken under {@code FOR UPDATE SKIP LOCKED} until a lease end, and taking it raises
 * the item's attempt count. That count is counted at lease time, so an attempt that kills or hangs its worker
 * still counts; and it is the fencing token: every write that ends or reschedules the attempt names it, and
 * matches nothing once another worker has taken the item over. A wait for an inbox row's predecessors gives
 * the count back, so one number can be leased again after it; a fenced write therefore also asks for a lease
 * still held, which the released attempt no longer has.
 *
 * @param attempt   the item's attempt count including this attempt; the fencing token
 * @param takenOver whether the previous lease ran out with the item unfinished: its worker died, hung or
 *                  paused past the lease
 */
public record Lease(int attempt, boolean takenOver) {

    public Lease {
        if (attempt < 1) {
            throw new IllegalArgumentException("a leased attempt counts from 1");
        }
    }

    /**
     * Whether the item must end without another attempt: the attempt before this one was lost, and it was the
     * last the policy allows. Nothing else ends such an item, since whatever killed its worker would kill the
     * next one too.
     */
    public boolean endsLost(RetryPolicy retry) {
        return takenOver && !retry.allowsAnotherAttempt(attempt - 1);
    }
}
