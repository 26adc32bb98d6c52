package io.tambat.application.work;

/**
 * Background work done in bounded batches rather than leased items (retention, reconciliation), each batch
 * its own short transaction. Every implementation is found and run by the {@link WorkScheduler}.
 */
public interface BatchJob {

    /** How often the scheduler runs a job, and how far one turn goes. */
    enum Cadence {
        /** Every retention interval, at most {@link WorkScheduler#MAINTENANCE_BATCHES_PER_TURN} batches. */
        MAINTENANCE,
        /** Every {@link BatchJob#interval()} of the job's own, one batch. */
        PERIODIC
    }

    /** For the logs. */
    String name();

    Cadence cadence();

    /** How often a {@link Cadence#PERIODIC} job runs; the other cadences take the scheduler's intervals. */
    default java.time.Duration interval() {
        throw new UnsupportedOperationException(name() + " is not a periodic job");
    }

    /** @return how many items this batch handled; 0 when nothing is left */
    int runBatch();
}
