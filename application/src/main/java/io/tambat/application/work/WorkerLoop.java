package io.tambat.application.work;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker's turn at one work queue: lease a batch, then end or attempt each item in it, until a lease comes
 * back short of a full batch: the queue had no more due, so the turn ends there rather than leasing again at
 * once. Under a steady stream the next turn, one poll interval later, then finds full batches waiting, and the
 * fixed cost of a lease and of a completing transaction is shared by a whole batch instead of the handful that
 * arrived since the last lease. An item whose previous attempt was lost, and was its last, ends at once:
 * whatever killed or hung that worker would do it again, and every item must reach an end. While the requests
 * that acknowledge are pressed, batches are smaller and each is followed by a rest ({@link BackgroundYield}).
 */
@ApplicationScoped
public class WorkerLoop {

    @Inject
    WorkSettings settings;

    @Inject
    Failpoints failpoints;

    @Inject
    BackgroundYield backgroundYield;

    /** @return how many items this turn handled */
    public <T> int drain(LeasedWork<T> work) {
        int handled = 0;
        while (true) {
            long started = System.nanoTime();
            int size = backgroundYield.batchSize(settings.batchSize());
            List<T> batch = work.leaseBatch(size);
            if (batch.isEmpty()) {
                return handled;
            }
            failpoints.reach(work.afterLeaseFailpoint());
            List<T> toAttempt = new ArrayList<>(batch.size());
            for (T item : batch) {
                if (work.endsLost(item, settings.retry())) {
                    work.endLost(item);
                } else {
                    toAttempt.add(item);
                }
            }
            work.attemptAll(toAttempt);
            handled += batch.size();
            backgroundYield.rest(System.nanoTime() - started);
            if (batch.size() < size) {
                return handled;
            }
        }
    }
}
