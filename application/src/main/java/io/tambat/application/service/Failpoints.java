package io.tambat.application.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * Fault injection for resilience tests: at a named boundary, a configured failpoint halts the JVM at once, as
 * a kill -9 would, or stalls the thread that reached it, as a long pause would, so tests can prove what
 * survives a crash or a lost lease exactly there. None is set unless {@code tambat.failpoints} names it;
 * production never should.
 */
@ApplicationScoped
public class Failpoints {

    /** After the relay published a batch, before it marked the batch published. */
    public static final String RELAY_AFTER_PUBLISH = "relay.after-publish";
    /** After a worker's business transaction committed, before the worker went on. */
    public static final String WORKER_AFTER_COMMIT = "worker.after-commit";
    /** After a worker leased rows, before it processed any of them. */
    public static final String WORKER_AFTER_LEASE = "worker.after-lease";
    /** After a worker resolved an event, before its completing transaction; reached with the event id. */
    public static final String WORKER_BEFORE_COMPLETE = "worker.before-complete";
    /** After a consumer leased order deliveries, before it called anything downstream. */
    public static final String DELIVERY_AFTER_LEASE = "delivery.after-lease";
    /** After a worker leased long operations, before it ran any of them. */
    public static final String OPERATION_AFTER_LEASE = "operation.after-lease";

    private static final Logger LOG = Logger.getLogger(Failpoints.class.getName());
    private static final int HALT_STATUS = 137;

    @Inject
    ProcessingSettings settings;

    public void reach(String failpoint) {
        reach(failpoint, null);
    }

    /**
     * Reaches a failpoint on behalf of one work item: a failpoint configured as {@code name@subject} halts only
     * for that item, so a test can make one poisoned event kill every worker that takes it.
     */
    public void reach(String failpoint, String subject) {
        boolean armed = !settings.failpoints().isEmpty() && (settings.failpoints().contains(failpoint)
                || subject != null && settings.failpoints().contains(failpoint + "@" + subject));
        if (armed) {
            LOG.severe("failpoint " + failpoint + " reached: halting the process");
            Runtime.getRuntime().halt(HALT_STATUS);
        }
        Duration pause = settings.failpointPauses().get(failpoint);
        if (pause != null) {
            LOG.severe("failpoint " + failpoint + " reached: pausing this thread for " + pause);
            try {
                Thread.sleep(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
