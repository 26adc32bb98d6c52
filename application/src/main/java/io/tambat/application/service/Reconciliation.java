package io.tambat.application.service;

import io.tambat.domain.port.out.InboxWorkPort;
import io.tambat.domain.port.out.ProcessingMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;

/**
 * Finds accepted events that nobody will finish and puts them back to work: rows still PROCESSING long
 * after their lease ran out belong to a worker that died. (Unpublished notifications need no help: the
 * relay retries them until they are published, and workers lease due rows whether notified or not.)
 */
@ApplicationScoped
public class Reconciliation {

    @Inject
    InboxWorkPort inbox;

    @Inject
    ProcessingSettings settings;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Clock clock;

    /** @return how many rows were re-enqueued */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int reconcile() {
        Instant now = clock.instant();
        int reenqueued = inbox.reenqueueAbandoned(now.minus(settings.lease()), now);
        if (reenqueued > 0) {
            metrics.reenqueued(reenqueued);
        }
        return reenqueued;
    }
}
