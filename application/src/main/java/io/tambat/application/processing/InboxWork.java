package io.tambat.application.processing;

import io.tambat.application.work.Failpoints;
import io.tambat.application.work.LeasedWork;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** The webhook inbox as a work queue: leased rows are processed by {@link EventProcessor}. */
@ApplicationScoped
public class InboxWork implements LeasedWork<LeasedInboxEvent> {

    @Inject
    InboxWorkPort inbox;

    @Inject
    EventProcessor processor;

    @Inject
    WorkSettings settings;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "inbox";
    }

    @Override
    public boolean scalesWithWorkers() {
        return true;
    }

    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<LeasedInboxEvent> leaseBatch(int size) {
        Instant now = clock.instant();
        return inbox.leaseDue(size, now, now.plus(settings.lease()));
    }

    @Override
    public Lease lease(LeasedInboxEvent event) {
        return event.lease();
    }

    @Override
    public void attempt(LeasedInboxEvent event) {
        processor.process(event);
    }

    /** The events of a batch share their completing transaction (see {@link EventProcessor#processAll}). */
    @Override
    public void attemptAll(List<LeasedInboxEvent> events) {
        processor.processAll(events);
    }

    @Override
    public void endLost(LeasedInboxEvent event) {
        processor.endLost(event);
    }

    @Override
    public String afterLeaseFailpoint() {
        return Failpoints.WORKER_AFTER_LEASE;
    }
}
