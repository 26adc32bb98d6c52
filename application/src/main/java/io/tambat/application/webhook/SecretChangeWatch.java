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
 * Follows secret changes made by any instance, on every instance (processing or not): a look at the store's
 * revisions every {@link #EVERY}. A failed look leaves the cache to its TTL until the store answers again.
 */
@ApplicationScoped
public class SecretChangeWatch {

    static final Duration EVERY = Duration.ofMillis(250);
    private static final Logger LOG = Logger.getLogger(SecretChangeWatch.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    TrustedSecrets secrets;

    private volatile ScheduledFuture<?> task;
    private volatile boolean failing;

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (task == null) {
            task = scheduler.scheduleWithFixedDelay(this::look, 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (task != null) {
            task.cancel(false);
        }
    }

    private void look() {
        try {
            secrets.followChanges();
            if (failing) {
                LOG.info("secret changes are followed again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                LOG.log(Level.WARNING, "secret changes cannot be followed ({0}); cached secrets live out their TTL",
                        e.getClass().getName());
                failing = true;
            }
        }
    }
}
