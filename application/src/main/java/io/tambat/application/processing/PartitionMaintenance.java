package io.tambat.application.processing;

import io.tambat.application.work.BatchJob;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Logger;

/**
 * Keeps the tables partitioned by day ready and small: creates the partitions of the next {@link TimePartitionsPort#AHEAD} days, so
 * that no row ever finds none, and drops the oldest partition whose every row retention is past, a day of rows in
 * one short transaction instead of a delete per row. The attempt history is kept as long as finished inbox rows
 * ({@link ProcessingSettings#finishedRowRetention()}); an inbox row kept longer (FAILED, waiting for an operator)
 * keeps its status, attempt count and last error, not the history of days dropped. A day of the inbox, and of the
 * mutation trail, goes once its finished rows are past that window; the rows kept longer (an inbox row FAILED or
 * still tried, a mutation an unfinished state change still has to send) are moved out of it first. Runs every
 * {@link #INTERVAL}, on any instance, which take turns; one that cannot get a table's lock in time tries again at its
 * next run.
 */
@ApplicationScoped
public class PartitionMaintenance implements BatchJob {

    static final Duration INTERVAL = Duration.ofMinutes(10);
    private static final Logger LOG = Logger.getLogger(PartitionMaintenance.class.getName());

    @Inject
    TimePartitionsPort partitions;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "partition maintenance";
    }

    @Override
    public Cadence cadence() {
        return Cadence.PERIODIC;
    }

    @Override
    public Duration interval() {
        return INTERVAL;
    }

    /**
     * Each change is a transaction of the store's own: never the caller's, which a lock on a table would outlive.
     *
     * @return how many partitions it created and dropped
     */
    @Override
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int runBatch() {
        try {
            return keep(clock.instant());
        } catch (StoreUnavailableException e) {
            // Its message names the change and the database's SQLSTATE: a right refused, or a lock not granted.
            LOG.warning(() -> "partitions by day not kept this turn, tried again in " + INTERVAL + ": "
                    + e.getMessage());
            throw e;
        }
    }

    private int keep(Instant now) {
        Instant through = now.plus(TimePartitionsPort.AHEAD);
        Duration width = TimePartitionsPort.width(settings.finishedRowRetention());
        int created = partitions.createThrough(through, width);
        if (created > 0) {
            LOG.info(() -> "created " + created + " partition(s) of " + width.toDays() + " day(s), through " + through);
        }
        Instant cutoff = now.minus(settings.finishedRowRetention());
        int dropped = 0;
        for (TimePartitionsPort.Records records : TimePartitionsPort.Records.values()) {
            if (partitions.dropOldestBefore(records, cutoff)) {
                dropped++;
                LOG.info(() -> "dropped the oldest day of " + records.description() + ", past retention ("
                        + cutoff + ")");
            }
        }
        return created + dropped;
    }
}
