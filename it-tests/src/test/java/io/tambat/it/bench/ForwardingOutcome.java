package io.tambat.it.bench;

import java.time.Duration;
import java.util.Optional;

/**
 * One open-model run of the forwarding scenario, measured from the start of the load until processing and
 * forwarding had nothing left (or the limit): the server's and the database's CPU over all of it, what was left
 * when the load stopped, and, for the run whose endpoint a destination takes, what the destination got.
 *
 * @param run           the load, with the server's and the database's CPU from its start until the drain
 * @param inboxAtEnd    events not yet processed when the load stopped
 * @param forwardsAtEnd messages not yet delivered when the load stopped (none where nothing is forwarded)
 * @param drained       how long after the load both reached zero; empty if not within the limit
 * @param messages      the forward deliveries the run's events and state changes made, by what became of them
 */
record ForwardingOutcome(String endpoint, int rate, int seconds, TambatRun run, Backlog.Pending inboxAtEnd,
        Backlog.Pending forwardsAtEnd, Optional<Duration> drained, Duration drainLimit, Messages messages) {

    private static final double OLDEST_UNDELIVERED_GOAL_SECONDS = 5;
    private static final Duration DRAIN_GOAL = Duration.ofSeconds(10);

    /**
     * What the destination was sent during one run.
     *
     * @param written   forward deliveries written (events and state changes)
     * @param events    of them, events: one for each delivery stored
     * @param delivered of them, DELIVERED
     * @param verified  distinct message ids the destination verified and answered 204 to in the run
     * @param requests  requests the destination took, copies included
     * @param refused   requests whose signature did not verify
     */
    record Messages(long written, long events, long delivered, long verified, long requests, long refused) {

        static final Messages NONE = new Messages(0, 0, 0, 0, 0, 0);

        boolean everyOneDeliveredVerified() {
            return written > 0 && delivered == written && verified == written && refused == 0;
        }
    }

    /** Server CPU from the start of the load until the drain, per delivery answered. */
    double serverCpuMillisPerDelivery() {
        return run.cpuMillisPerRequest();
    }

    String describe() {
        LoadResult load = run.load();
        return String.format("  %s: %,d/s for %d s%n", endpoint, rate, seconds)
                + new ReportTable("answered/s", "2xx", "not 2xx", "p50 ms", "p99 ms", "messages", "delivered",
                        "verified", "copies", "CPU ms/delivery", "DB CPU ms/delivery")
                .row(Figures.rate(load.answered() / load.elapsedSeconds()), Figures.count(load.successes()),
                        Figures.count(load.failures()), Figures.millis(load.latencyMillis(0.50)),
                        Figures.millis(load.latencyMillis(0.99)), Figures.count(messages.written()),
                        Figures.count(messages.delivered()), Figures.count(messages.verified()),
                        Figures.count(messages.requests() - messages.verified()),
                        Figures.cpu(run.cpuMillisPerRequest()), Figures.cpu(run.databaseCpuMillisPerRequest()))
                + String.format("  when the load stopped: %,d events to process (oldest %.1f s), %,d messages to "
                        + "deliver (oldest %.1f s); %s%n", inboxAtEnd.count(), inboxAtEnd.oldestSeconds(),
                        forwardsAtEnd.count(), forwardsAtEnd.oldestSeconds(), drainedText());
    }

    /** Judges the forwarded run against the scenario's goals. */
    void judge(Goals goals, String scenario) {
        LoadResult load = run.load();
        goals.judge(scenario + ": every delivery 2xx, every message delivered once verified",
                load.successes() == (long) rate * seconds && messages.events() == load.successes()
                        && messages.everyOneDeliveredVerified(),
                String.format("%,d of %,d deliveries 2xx; %,d events and %,d state changes written, %,d delivered, "
                        + "%,d verified, %,d refused", load.successes(), (long) rate * seconds, messages.events(),
                        messages.written() - messages.events(), messages.delivered(), messages.verified(),
                        messages.refused()));
        goals.judge(scenario + ": oldest undelivered <= 5 s at the end",
                forwardsAtEnd.oldestSeconds() <= OLDEST_UNDELIVERED_GOAL_SECONDS,
                String.format("%.1f s (%,d undelivered)", forwardsAtEnd.oldestSeconds(), forwardsAtEnd.count()));
        goals.judge(scenario + ": drained within 10 s",
                drained.filter(time -> time.compareTo(DRAIN_GOAL) <= 0).isPresent(), drainedText());
    }

    private String drainedText() {
        return drained.map(time -> "both drained in " + Figures.seconds(time))
                .orElse("not drained within " + drainLimit.toSeconds() + " s");
    }
}
