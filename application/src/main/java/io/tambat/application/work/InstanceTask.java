package io.tambat.application.work;

import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A short task that every instance runs, processing or not, at a fixed delay from the moment storage is ready
 * until the application stops, on a managed executor. A failed turn is logged when failing starts and again when
 * it ends, never on every turn, so an outage does not flood the log; the next turn simply tries again.
 */
public abstract class InstanceTask {

    @Resource
    ManagedScheduledExecutorService scheduler;

    private volatile ScheduledFuture<?> task;
    private volatile boolean failing;

    /** One turn; may throw, and the next turn runs all the same. */
    protected abstract void turn();

    /** The delay before the first turn: by default one interval, as between turns. */
    protected Duration firstAfter() {
        return every();
    }

    /** The delay between turns. */
    protected abstract Duration every();

    /** What a failing turn means for the instance, with {@code {0}} for the exception's class. */
    protected abstract String whileFailing();

    protected abstract String onceRecovered();

    /** Whether the application's stop runs one last turn, for what the task has not passed on yet. */
    protected boolean lastTurnAtStop() {
        return false;
    }

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (task == null) {
            task = scheduler.scheduleWithFixedDelay(this::guardedTurn, firstAfter().toMillis(), every().toMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Stops the turns as the application begins to stop, while the persistence unit is still open (it is closed
     * by the time {@code @PreDestroy} runs), and runs the last turn if the task asks for one.
     */
    void stop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object context) {
        if (task != null) {
            task.cancel(false);
            if (lastTurnAtStop()) {
                guardedTurn();
            }
        }
    }

    /** An application torn down without the event above (a failed start) leaves no turn scheduled either. */
    @PreDestroy
    void cancel() {
        if (task != null) {
            task.cancel(false);
        }
    }

    private void guardedTurn() {
        Logger log = Logger.getLogger(getClass().getName());
        try {
            turn();
            if (failing) {
                log.info(onceRecovered());
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                log.log(Level.WARNING, whileFailing(), e.getClass().getName());
                failing = true;
            }
        }
    }
}
