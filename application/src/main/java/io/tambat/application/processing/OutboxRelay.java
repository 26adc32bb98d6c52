package io.tambat.application.processing;

import io.tambat.application.work.BatchJob;
import io.tambat.application.work.Failpoints;
import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.EventPublisherPort;
import io.tambat.domain.port.out.OutboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;

/**
 * Publishes unpublished outbox notifications and marks them published. A crash between the two publishes
 * the batch again on the next turn; subscribers deduplicate by inbox id, so that is harmless.
 */
@ApplicationScoped
public class OutboxRelay implements BatchJob {

    private static final int BATCH = 200;

    @Inject
    OutboxPort outbox;

    @Inject
    EventPublisherPort publisher;

    @Inject
    Failpoints failpoints;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "outbox relay";
    }

    @Override
    public Cadence cadence() {
        return Cadence.CONTINUOUS;
    }

    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int runBatch() {
        List<OutboxMessage> batch = outbox.claimUnpublished(BATCH);
        if (batch.isEmpty()) {
            return 0;
        }
        batch.forEach(publisher::publish);
        failpoints.reach(Failpoints.RELAY_AFTER_PUBLISH);
        outbox.markPublished(batch.stream().map(OutboxMessage::outboxId).toList(), clock.instant());
        return batch.size();
    }
}
