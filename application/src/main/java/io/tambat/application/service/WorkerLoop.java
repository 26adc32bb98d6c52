package io.tambat.application.service;

import io.tambat.domain.model.processing.LeasedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** One worker's turn: lease a batch, process each event in it, until nothing is due. */
@ApplicationScoped
public class WorkerLoop {

    @Inject
    InboxLeasing leasing;

    @Inject
    EventProcessor processor;

    @Inject
    Failpoints failpoints;

    /** @return how many events this turn processed */
    public int drain() {
        int processed = 0;
        List<LeasedEvent> batch;
        while (!(batch = leasing.leaseBatch()).isEmpty()) {
            failpoints.reach(Failpoints.WORKER_AFTER_LEASE);
            batch.forEach(processor::process);
            processed += batch.size();
        }
        return processed;
    }
}
