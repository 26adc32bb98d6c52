package io.tambat.application.work;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The one test-support seam in production code: fault injection for resilience tests. At a named boundary,
 * a configured failpoint halts the JVM at once, as a kill -9 would, or stalls the thread that reached it, as a
 * long pause would, so tests can prove what survives a crash or a lost lease exactly there. It is inert
 * unless {@code tambat.failpoints} names a failpoint, which production never should; then reaching one costs
 * one check of an empty set.
 */
public final class Failpoints {

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
    /** After a destination took a message, before its delivery was marked delivered. */
    public static final String FORWARD_AFTER_SEND = "forward.after-send";

    private static final Logger LOG = Logger.getLogger(Failpoints.class.getName());
    private static final int HALT_STATUS = 137;

    private final Set<String> halts;
    private final Map<String, Duration> pauses;

    /**
     * @param halts  failpoints that halt the process, each a name or {@code name@subject}
     * @param pauses failpoints that stall the thread that reaches them, by name
     */
    public Failpoints(Set<String> halts, Map<String, Duration> pauses) {
        this.halts = Set.copyOf(halts);
        this.pauses = Map.copyOf(pauses);
    }

    /** No failpoint set: every {@link #reach} returns at once. */
    public static Failpoints inert() {
        return new Failpoints(Set.of(), Map.of());
    }

    public void reach(String failpoint) {
        reach(failpoint, null);
    }

    /**
     * Reaches a failpoint on behalf of one work item: a failpoint configured as {@code name@subject} halts only
     * for that item, so a test can make one poisoned event kill every worker that takes it.
     */
    public void reach(String failpoint, String subject) {
        boolean armed = !halts.isEmpty() && (halts.contains(failpoint)
                || subject != null && halts.contains(failpoint + "@" + subject));
        if (armed) {
            LOG.severe("failpoint " + failpoint + " reached: halting the process");
            Runtime.getRuntime().halt(HALT_STATUS);
        }
        Duration pause = pauses.get(failpoint);
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
