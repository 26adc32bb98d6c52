package io.tambat.application.webhook;

import io.tambat.application.work.StorageStatus;
import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes the {@link DeliveryTally} every {@link #EVERY} on every instance (processing or not, since every
 * instance answers deliveries), and once more when the application stops.
 */
@ApplicationScoped
public class DeliveryTallyWriter {

    static final Duration EVERY = Duration.ofSeconds(5);
    private static final Logger LOG = Logger.getLogger(DeliveryTallyWriter.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    DeliveryTally tally;

    private volatile ScheduledFuture<?> task;
    private volatile boolean failing;

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (task == null) {
            task = scheduler.scheduleWithFixedDelay(this::write, EVERY.toMillis(), EVERY.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (task != null) {
            task.cancel(false);
            write();
        }
    }

    private void write() {
        try {
            tally.write();
            if (failing) {
                LOG.info("delivery counts are written again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                LOG.log(Level.WARNING, "delivery counts cannot be written ({0}); they are kept and written later",
                        e.getClass().getName());
                failing = true;
            }
        }
    }
}
