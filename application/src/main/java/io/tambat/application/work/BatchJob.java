package io.tambat.application.work;

/**
 * Background work done in bounded batches rather than leased items (the outbox relay, retention), each batch
 * its own short transaction. Every implementation is found and run by the {@link WorkScheduler}.
 */
public interface BatchJob {

    /** How often the scheduler runs a job, and how far one turn goes. */
    enum Cadence {
        /** Every poll interval, batch after batch until nothing is left. */
        CONTINUOUS,
        /** Every retention interval, at most {@link WorkScheduler#MAINTENANCE_BATCHES_PER_TURN} batches. */
        MAINTENANCE
    }

    /** For the logs. */
    String name();

    Cadence cadence();

    /** @return how many items this batch handled; 0 when nothing is left */
    int runBatch();
}
