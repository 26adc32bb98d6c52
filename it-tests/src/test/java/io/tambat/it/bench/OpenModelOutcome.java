package io.tambat.it.bench;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The open model with processing on, as the performance goals judge it: every delivery answered 2xx at the offered rate with
 * a low p99, and processing keeping up, so that when the load stops the oldest pending event is young and the
 * backlog drains soon.
 *
 * @param drained how long the backlog took to reach zero after the load, empty if not within the limit
 * @param stillPending what was left pending at the limit (0 when drained)
 * @param walBytes     the database's WAL from the start of the load until the backlog drained: what ingesting
 *                     and processing these deliveries wrote
 * @param walByWindow  the WAL written in each 5 s from the start of the load, to set beside each window's p99
 * @param loadCpu      the CPU the load generator (this JVM) used while it sent, which the server and the database
 *                     did not have on a machine they share with it
 */
record OpenModelOutcome(int rate, int seconds, int connections, TambatRun run, Backlog.Pending atEnd,
        Optional<Duration> drained, Duration drainLimit, long stillPending, long walBytes, List<Long> walByWindow,
        Duration loadCpu) {

    private static final double P99_GOAL_MILLIS = 50;
    /**
     * Above what processing sustains, the acknowledgements still come well within the 2 s a provider waits, while
     * processing yields and the backlog grows.
     */
    private static final double BURST_P99_GOAL_MILLIS = 500;
    private static final double OLDEST_PENDING_GOAL_SECONDS = 5;
    private static final Duration DRAIN_GOAL = Duration.ofSeconds(10);
    static final Duration P99_WINDOW = Duration.ofSeconds(5);
    /**
     * The share of PostgreSQL's rate that the goal's 1,500/s was where it was set: that machine's pgbench ran the
     * ingest transaction at 5,160 tps beside Tambat with processing on. The same share of a slower machine's
     * pgbench is the load that asks as much of it.
     */
    static final double GOAL_SHARE_OF_POSTGRES = 1500.0 / 5160;

    /** The rate that is the goal's share of pgbench's rate measured here, if pgbench ran. */
    static OptionalInt sameShareAsTheGoal(OptionalDouble pgbenchTps) {
        return pgbenchTps.isPresent()
                ? OptionalInt.of((int) Math.round(pgbenchTps.getAsDouble() * GOAL_SHARE_OF_POSTGRES))
                : OptionalInt.empty();
    }

    long offered() {
        return (long) rate * seconds;
    }

    String describe() {
        LoadResult load = run.load();
        return String.format("  open model: %,d/s offered for %d s over %d connections, latency from the scheduled "
                        + "send; requests still unsent %d s after the schedule ends are not sent%n", rate, seconds,
                connections, OpenLoopLoad.LATE_LIMIT_SECONDS)
                + new ReportTable("offered", "not sent", "answered/s", "2xx", "not 2xx", "p50 ms", "p99 ms",
                        "max ms", "CPU ms/req", "DB CPU ms/req", "RSS MiB")
                .row(Figures.count(offered()), Figures.count(load.notSent()),
                        Figures.rate(load.answered() / load.elapsedSeconds()), Figures.count(load.successes()),
                        Figures.count(load.failures()), Figures.millis(load.latencyMillis(0.50)),
                        Figures.millis(load.latencyMillis(0.99)), Figures.millis(load.latencyMillis(1.0)),
                        Figures.cpu(run.cpuMillisPerRequest()), Figures.cpu(run.databaseCpuMillisPerRequest()),
                        String.valueOf(run.residentMebibytes()))
                + String.format("  statuses: %s%n", load.statusCounts())
                + String.format("  p99 ms of each %d s of the schedule: %s%n", P99_WINDOW.toSeconds(),
                        load.p99ByWindow(P99_WINDOW).stream().map(Figures::millis).toList())
                + String.format("  database WAL MiB in each %d s of the schedule: %s%n", P99_WINDOW.toSeconds(),
                        walByWindow.stream().map(bytes -> String.format("%.0f", bytes / 1048576.0)).toList())
                + String.format("  when the load stopped: %,d pending, the oldest %.1f s old; %s%n", atEnd.count(),
                        atEnd.oldestSeconds(), drainedText())
                + String.format("  database WAL from the start of the load until the backlog drained: %,.0f MiB, "
                        + "%.1f KiB per delivery answered 2xx (ingested and processed)%n", walBytes / 1048576.0,
                        load.successes() == 0 ? Double.NaN : walBytes / 1024.0 / load.successes())
                + String.format("  the load generator's own CPU while it sent: %.2f ms per request%n",
                        load.sent() == 0 ? Double.NaN : loadCpu.toNanos() / 1e6 / load.sent());
    }

    /**
     * Judges this run as a burst above what processing sustains: every delivery answered 2xx with p99 <= 500 ms,
     * and the backlog it left drained once the load stopped, however long that took within the limit.
     */
    void judgeBurst(Goals goals, String scenario) {
        judgeAnswers(goals, scenario);
        double p99 = run.load().latencyMillis(0.99);
        goals.judge(scenario + ": p99 <= 500 ms", p99 <= BURST_P99_GOAL_MILLIS, Figures.millis(p99) + " ms");
        goals.judge(scenario + ": backlog drained after the load", drained.isPresent(), String.format(
                "%s (%,d pending when the load stopped)", drainedText(), atEnd.count()));
    }

    /**
     * Judges this run as a load that processing keeps up with: every delivery 2xx, p99 <= 50 ms, the oldest
     * pending young when the load stops and the backlog drained within 10 s.
     */
    void judgeKeepingUp(Goals goals, String scenario) {
        judgeAnswers(goals, scenario);
        LoadResult load = run.load();
        double p99 = load.latencyMillis(0.99);
        goals.judge(scenario + ": p99 <= 50 ms", p99 <= P99_GOAL_MILLIS, Figures.millis(p99) + " ms");
        goals.judge(scenario + ": oldest pending <= 5 s at the end",
                atEnd.oldestSeconds() <= OLDEST_PENDING_GOAL_SECONDS,
                String.format("%.1f s (%,d pending)", atEnd.oldestSeconds(), atEnd.count()));
        goals.judge(scenario + ": backlog drained within 10 s",
                drained.filter(time -> time.compareTo(DRAIN_GOAL) <= 0).isPresent(), drainedText());
    }

    private void judgeAnswers(Goals goals, String scenario) {
        LoadResult load = run.load();
        goals.judge(String.format("%s: %,d/s for %d s, every delivery 2xx", scenario, rate, seconds),
                load.successes() == offered(), String.format("%,d of %,d", load.successes(), offered()));
    }

    private String drainedText() {
        return drained.map(time -> "drained in " + Figures.seconds(time))
                .orElse(String.format("%,d still pending after %d s", stillPending, drainLimit.toSeconds()));
    }
}
