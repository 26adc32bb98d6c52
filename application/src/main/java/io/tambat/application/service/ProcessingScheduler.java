package io.tambat.application.service;

import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the background work once storage is ready, on managed executors (never a request thread): worker
 * loops over the three work queues (inbox, long order operations, order delivery to payments and inventory),
 * the outbox relay and retention. Every
 * task survives its own failures; a task that threw would otherwise never be scheduled again.
 */
@ApplicationScoped
public class ProcessingScheduler {

    private static final Logger LOG = Logger.getLogger(ProcessingScheduler.class.getName());
    private static final int PURGE_BATCHES_PER_TURN = 100;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    ProcessingSettings settings;

    @Inject
    WorkerLoop workers;

    @Inject
    InboxWork inbox;

    @Inject
    OutboxRelay relay;

    @Inject
    OrderOperationWorker orderOperations;

    @Inject
    OrderDeliveryWorker orderDelivery;

    @Inject
    RetentionPurge retention;

    private final AtomicBoolean started = new AtomicBoolean();
    private final List<ScheduledFuture<?>> tasks = new CopyOnWriteArrayList<>();

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (!settings.enabled()) {
            LOG.info("processing is disabled on this instance (tambat.processing.enabled=false)");
            return;
        }
        if (!started.compareAndSet(false, true)) {
            return;
        }
        long poll = settings.pollInterval().toMillis();
        for (int i = 0; i < settings.workers(); i++) {
            every(poll, "worker", () -> workers.drain(inbox));
            every(poll, "order operations", () -> workers.drain(orderOperations));
        }
        every(poll, "outbox relay", () -> drain(relay::relayBatch, Integer.MAX_VALUE));
        every(poll, "order delivery", () -> workers.drain(orderDelivery));
        every(settings.retentionInterval().toMillis(), "retention",
                () -> drain(retention::purgeBatch, PURGE_BATCHES_PER_TURN));
        LOG.info(() -> "processing started: " + settings.workers() + " worker(s), lease " + settings.lease());
    }

    /** Managed tasks would outlive the application otherwise, failing on every turn once it is gone. */
    @PreDestroy
    void stop() {
        tasks.forEach(task -> task.cancel(false));
    }

    private void every(long delayMillis, String name, IntSupplier task) {
        tasks.add(scheduler.scheduleWithFixedDelay(() -> {
            try {
                task.getAsInt();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "{0} turn failed: {1}", new Object[] {name, e.getClass().getName()});
            }
        }, delayMillis, delayMillis, TimeUnit.MILLISECONDS));
    }

    private static int drain(IntSupplier batch, int maxBatches) {
        int total = 0;
        for (int i = 0; i < maxBatches; i++) {
            int done = batch.getAsInt();
            total += done;
            if (done == 0) {
                break;
            }
        }
        return total;
    }
}
