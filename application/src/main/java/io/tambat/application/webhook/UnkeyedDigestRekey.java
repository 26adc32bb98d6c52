package io.tambat.application.webhook;

import io.tambat.application.work.BatchJob;
import io.tambat.domain.port.out.secrets.UnkeyedDigestsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * Replaces the unkeyed payload digests of rows stored before digests were keyed by keyed ones, a batch a second,
 * each in a short transaction of its own, until none is left. It waits while instances of the release before may
 * still run ({@link RollingUpgrade}): they store digests unkeyed, behind a walk that would already have passed.
 * The walk is finished once for every instance; this one stops asking when it learns so.
 */
@ApplicationScoped
public class UnkeyedDigestRekey implements BatchJob {

    static final int BATCH = 1_000;
    static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final Logger LOG = Logger.getLogger(UnkeyedDigestRekey.class.getName());

    @Inject
    UnkeyedDigestsPort unkeyed;

    @Inject
    RollingUpgrade upgrade;

    /** Only ever set: a finished walk stays finished. */
    private volatile boolean finished;

    @Override
    public String name() {
        return "unkeyed digest re-key";
    }

    @Override
    public Cadence cadence() {
        return Cadence.PERIODIC;
    }

    @Override
    public Duration interval() {
        return INTERVAL;
    }

    /** @return how many rows the batch walked or re-keyed; 0 while it waits, once finished, or on another's turn */
    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int runBatch() {
        if (finished || upgrade.earlierReleaseMayRun()) {
            return 0;
        }
        int done = unkeyed.rekeyBatch(BATCH);
        if (done == 0 && unkeyed.finished()) {
            finished = true;
            LOG.info("every payload digest stored before digests were keyed is keyed now");
        }
        return done;
    }
}
