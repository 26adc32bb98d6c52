package io.tambat.application.service;

import io.tambat.domain.model.processing.LeasedEvent;
import io.tambat.domain.port.out.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Leases a batch of due rows in a short transaction of its own, so the lease is visible to other workers
 * before any processing starts and no transaction stays open while an event is processed.
 */
@ApplicationScoped
public class InboxLeasing {

    @Inject
    InboxWorkPort inbox;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<LeasedEvent> leaseBatch() {
        Instant now = clock.instant();
        return inbox.leaseDue(settings.batchSize(), now, now.plus(settings.lease()));
    }
}
