package io.tambat.application.work;

import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the background work once storage is ready, on managed executors (never a request thread): a
 * {@link WorkerLoop} over every {@link LeasedWork} queue and every {@link BatchJob}, whichever capability
 * declares them. Every task survives its own failures; a task that threw would otherwise never be scheduled
 * again. A queue drained by one loop can also be {@linkplain #wake woken} when its work arrives, instead of
 * waiting for the poll. Every batch of every job rests after it while background work yields to the requests
 * ({@link BackgroundYield}), as every leased batch does.
 */
@ApplicationScoped
public class WorkScheduler {

    static final int MAINTENANCE_BATCHES_PER_TURN = 100;
    /**
     * The least time between two woken turns of a queue: under a stream of commits, at most a hundred turns a
     * second come of wakes, while a lone arrival waits no longer than this.
     */
    static final Duration WAKE_SPACING = Duration.ofMillis(10);
    private static final Logger LOG = Logger.getLogger(WorkScheduler.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    WorkSettings settings;

    @Inject
    WorkerLoop workers;

    @Inject
    BackgroundYield backgroundYield;

    @Inject
    @Any
    Instance<LeasedWork<?>> queues;

    @Inject
    @Any
    Instance<BatchJob> jobs;

    private final AtomicBoolean started = new AtomicBoolean();
    private final List<ScheduledFuture<?>> tasks = new CopyOnWriteArrayList<>();
    private final Map<String, QueueTurns> wakeable = new ConcurrentHashMap<>();

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (!settings.enabled()) {
            LOG.info("processing is disabled on this instance (tambat.processing.enabled=false)");
            return;
        }
        if (!started.compareAndSet(false, true)) {
            return;
        }
        long poll = settings.pollInterval().toMillis();
        for (LeasedWork<?> queue : queues) {
            if (queue.scalesWithWorkers()) {
                for (int i = 0; i < settings.workers(); i++) {
                    every(poll, queue.name(), () -> workers.drain(queue));
                }
            } else {
                QueueTurns turns = new QueueTurns(queue.name(), () -> workers.drain(queue), scheduler, WAKE_SPACING,
                        System::nanoTime);
                wakeable.put(queue.name(), turns);
                every(poll, queue.name(), () -> {
                    turns.take();
                    return 0;
                });
            }
        }
        for (BatchJob job : jobs) {
            switch (job.cadence()) {
                case MAINTENANCE -> every(settings.retentionInterval().toMillis(), job.name(),
                        () -> drain(job, MAINTENANCE_BATCHES_PER_TURN));
                case PERIODIC -> every(job.interval().toMillis(), job.name(), () -> restingAfter(job));
            }
        }
        LOG.info(() -> "processing started: " + settings.workers() + " worker(s), lease " + settings.lease());
    }

    /**
     * Work arrived for the named queue, committed: its next turn comes now, or once {@link #WAKE_SPACING} has
     * passed since its last. Nothing on an instance that runs no workers, or before they start.
     */
    public void wake(String queueName) {
        QueueTurns turns = wakeable.get(queueName);
        if (turns != null) {
            turns.wake();
        }
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

    private int drain(BatchJob job, int maxBatches) {
        int total = 0;
        for (int i = 0; i < maxBatches; i++) {
            int done = restingAfter(job);
            total += done;
            if (done == 0) {
                break;
            }
        }
        return total;
    }

    /** One batch of the job, then the rest background work owes the requests for it. */
    private int restingAfter(BatchJob job) {
        long started = System.nanoTime();
        int done = job.runBatch();
        backgroundYield.rest(System.nanoTime() - started);
        return done;
    }
}
