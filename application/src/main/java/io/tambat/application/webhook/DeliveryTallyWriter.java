package io.tambat.application.webhook;

import io.tambat.application.work.InstanceTask;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * Writes the {@link DeliveryTally} every {@link #EVERY} on every instance (processing or not, since every
 * instance answers deliveries), and once more when the application stops.
 */
@ApplicationScoped
public class DeliveryTallyWriter extends InstanceTask {

    static final Duration EVERY = Duration.ofSeconds(5);

    @Inject
    DeliveryTally tally;

    @Override
    protected void turn() {
        tally.write();
    }

    @Override
    protected Duration every() {
        return EVERY;
    }

    @Override
    protected boolean lastTurnAtStop() {
        return true;
    }

    @Override
    protected String whileFailing() {
        return "delivery counts cannot be written ({0}); they are kept and written later";
    }

    @Override
    protected String onceRecovered() {
        return "delivery counts are written again";
    }
}
