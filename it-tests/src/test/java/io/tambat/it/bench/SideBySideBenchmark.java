package io.tambat.it.bench;

import static io.tambat.it.bench.BenchmarkSettings.CLIENTS;
import static io.tambat.it.bench.BenchmarkSettings.CONNECTIONS;
import static io.tambat.it.bench.BenchmarkSettings.JVM_OPTIONS;
import static io.tambat.it.bench.BenchmarkSettings.PAUSE_SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.PGBENCH;
import static io.tambat.it.bench.BenchmarkSettings.PROCESSING_RUNS;
import static io.tambat.it.bench.BenchmarkSettings.PROCESSING_WARM_UP_SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.RATE;
import static io.tambat.it.bench.BenchmarkSettings.REVISION;
import static io.tambat.it.bench.BenchmarkSettings.RUNS;
import static io.tambat.it.bench.BenchmarkSettings.RUN_SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_MAX_SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.runs;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.bench.PgbenchCeiling.PgbenchResult;
import io.tambat.it.bench.SideBySide.Comparison;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Tambat side by side with PostgreSQL running the same transactions (pgbench), in one run on one machine, for
 * the scenarios and performance goals of Tambat: ingest with processing off and on, ingest with payloads in an object
 * store, orders of 3 and of 80 lines, memory and exactly-once, and when asked for, ingest on two instances at once.
 * One server with processing off serves ingest and orders, one more with processing off ingest with its payloads in
 * an object store, one with processing on the open model, two more with processing off the scale-out. It reports
 * numbers, the server's and the database's CPU among them, and judges the goals; the only assertion is that
 * nothing answered was lost.
 */
class SideBySideBenchmark {

    private static final String INTAKE_SCHEMA = "tambat_bench_intake";
    private static final String OBJECT_STORE_SCHEMA = "tambat_bench_ingest_s3";
    private static final String PROCESSING_SCHEMA = "tambat_bench_processing";
    private static final String SCALE_OUT_SCHEMA = "tambat_bench_scale_out";
    private static final String FORWARDING_SCHEMA = "tambat_bench_forwarding";
    private static final String CEILING_SCHEMA = "tambat_bench_pgbench";
    private static final String SCALE_OUT_GOAL = "scale-out: two instances, every delivery stored exactly once";
    private static final Duration READY = Duration.ofSeconds(120);
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(10);
    /**
     * How long the backlog of a load above what processing sustains may take to drain: background work yields to
     * the acknowledgements while the load lasts, and catches up after it.
     */
    private static final Duration BURST_DRAIN_LIMIT = Duration.ofSeconds(300);
    /** How long a forwarding run waits for its backlogs to drain, to report the time even past the goal's 10 s. */
    private static final Duration FORWARDING_DRAIN_LIMIT = Duration.ofSeconds(60);

    private final long started = System.nanoTime();
    private final LocalDateTime startedAt = LocalDateTime.now().truncatedTo(ChronoUnit.MINUTES);
    private final String loadAverageBefore = loadAverage();
    private final StringBuilder report = new StringBuilder();
    private final Goals goals = new Goals();
    private final List<ExactlyOnce> checks = new ArrayList<>();
    private final QuietStart quiet = new QuietStart(Duration.ofSeconds(PAUSE_SECONDS));
    private final ClosedLoopLoad closedLoop = new ClosedLoopLoad(CLIENTS);
    private final DatabaseCpu databaseCpu = DatabaseCpu.ofTestDatabase();
    /** The destination of the forwarding scenario, and of scenario 1's endpoint with a destination. */
    private final ForwardedMessages sink = new ForwardedMessages();
    /** pgbench's rate on the ingest transaction, measured by the last scenario that ran it. */
    private OptionalDouble ingestCeilingTps = OptionalDouble.empty();
    private Optional<PgbenchCeiling> pgbench = Optional.empty();
    private String pgbenchMissing = "";
    private long peakResidentMebibytes;

    @Test
    void comparesTambatWithPostgresRunningTheSameTransactions() throws Exception {
        Optional<String> unavailable = PgbenchCeiling.unavailable(PGBENCH);
        if (unavailable.isPresent()) {
            pgbenchMissing = unavailable.get();
        } else {
            pgbench = Optional.of(new PgbenchCeiling(PGBENCH, CeilingSchema.create(CEILING_SCHEMA), CLIENTS,
                    databaseCpu));
        }
        try {
            if (runs("ingest") || runs("orders")) {
                intakeScenarios();
            }
            if (runs("ingest-s3")) {
                objectStoreIngestScenario();
            } else {
                goals.notMeasured("ingest, payloads in an object store", "not run (BENCH_ONLY)");
            }
            if (runs("processing")) {
                processingScenario();
            } else {
                goals.notMeasured("ingest, processing on", "not run (BENCH_ONLY)");
            }
            if (runs("forwarding")) {
                forwardingScenario();
            } else {
                goals.notMeasured("forwarding", "not run (BENCH_ONLY)");
            }
            if (runs("scale-out")) {
                scaleOutScenario();
            } else {
                goals.notMeasured(SCALE_OUT_GOAL, "not run (BENCH_ONLY=scale-out runs it)");
            }
            judgeOverallGoals();
        } finally {
            sink.close();
            BenchmarkSettings.publish("side-by-side", header() + report + "\n" + goals
                    + String.format("%nfinished in %s%n", elapsed()));
        }
        assertThat(checks).as("every id answered 2xx/201 is stored exactly once").allMatch(ExactlyOnce::holds);
    }

    /**
     * Scenarios 1, 3 and 4 on one server with processing off, warmed once with a mix of all three. When forwarding
     * is measured too, a destination takes every event of a second endpoint, and scenario 1 sends to both in turns.
     */
    private void intakeScenarios() throws InterruptedException {
        TestDatabase db = new TestDatabase(INTAKE_SCHEMA).dropSchema();
        long starting = System.nanoTime();
        Map<String, String> settings = new HashMap<>(Map.of("TAMBAT_PROCESSING_ENABLED", "false"));
        if (runs("forwarding")) {
            settings.putAll(sink.destination(SignedDeliveries.FORWARDED_ENDPOINT));
        }
        try (TambatServerProcess server = start("bench-intake", INTAKE_SCHEMA, settings)) {
            Duration ready = Duration.ofNanos(System.nanoTime() - starting);
            ServerResources resources = new ServerResources(server.pid());
            String token = OperatorTokens.forTenant(OrderPlacements.TENANT);
            OrderPlacements smallOrders = new OrderPlacements(3);
            OrderPlacements largeOrders = new OrderPlacements(80);
            Workload deliveries = SignedDeliveries.workload(server.baseUri());
            List<Workload> mix = new ArrayList<>();
            Workload forwardedDeliveries = SignedDeliveries.workload(server.baseUri(),
                    SignedDeliveries.FORWARDED_ENDPOINT);
            if (runs("ingest")) {
                mix.add(deliveries);
                if (runs("forwarding")) {
                    mix.add(forwardedDeliveries);
                }
            }
            if (runs("orders")) {
                mix.add(smallOrders.workload(server.baseUri(), token));
                mix.add(largeOrders.workload(server.baseUri(), token));
            }

            progress(warmingUp("the server with processing off", WARM_UP_SECONDS));
            Workload warmUpLoad = Workload.mix("warm-up", mix);
            WarmUp.Warmed warmUp = WarmUp.run(new JitCompilers(List.of(server.pid()))::cpuTicks,
                    WARM_UP_SECONDS, WARM_UP_MAX_SECONDS, seconds -> closedLoop.run(warmUpLoad, seconds));
            peakResidentMebibytes = Math.max(peakResidentMebibytes, resources.residentMebibytes());
            report.append(String.format("Server with processing off: ready in %d s, then warmed %s with a "
                            + "closed-loop mix of %s (%,d answered, statuses %s)%n%n", ready.toSeconds(),
                    warmUp.describe(), String.join(", ", mix.stream().map(Workload::name).toList()),
                    warmUp.load().answered(), warmUp.load().statusCounts()));

            if (runs("ingest")) {
                progress("1. ingest, processing off");
                List<TambatRun> forwarded = new ArrayList<>();
                List<SideBySide.Turn> alongside = new ArrayList<>();
                if (runs("forwarding")) {
                    alongside.add(() -> forwarded.add(closedLoopRun(resources, forwardedDeliveries)));
                }
                Comparison ingest = ingest(String.format("1. Ingest, processing off: signed %,d-byte GitHub "
                                + "deliveries, closed loop", SignedDeliveries.BODY_BYTES),
                        "ingest, processing off", db, () -> closedLoopRun(resources, deliveries), alongside,
                        () -> "");
                double cpu = ingest.tambatCpuMillisPerRequest();
                goals.judge("ingest, processing off: server CPU <= 0.35 ms per delivery", cpu <= 0.35,
                        Figures.cpu(cpu) + " ms (median of the runs)");
                if (runs("forwarding")) {
                    ingestWithADestination(db, ingest, new Comparison(forwarded, ingest.pgbench()));
                }
            } else {
                goals.notMeasured("ingest, processing off", "not run (BENCH_ONLY)");
            }
            if (runs("orders")) {
                orderScenario("3. Orders, 3 lines", "orders, 3 lines", smallOrders, db, server, token, resources,
                        0.70);
                orderScenario("4. Orders, 80 lines", "orders, 80 lines", largeOrders, db, server, token,
                        resources, 0.50);
            } else {
                goals.notMeasured("orders", "not run (BENCH_ONLY)");
            }
        }
    }

    /**
     * Scenario 1's measurement, which scenario 7 shares: deliveries to {@link SignedDeliveries#ENDPOINT} in a closed
     * loop, in turns with pgbench's ingest transaction (and with any other sides given, in the same turns); then
     * the exactly-once check, the table, what else the scenario reports ({@code more}, read after the runs), the
     * inbox's bytes per stored delivery, and the ratio judged against the goal. pgbench's median becomes the ingest
     * rate the scenarios after it take their share of.
     */
    private Comparison ingest(String title, String goal, TestDatabase db, SideBySide.TambatSide tambat,
            List<SideBySide.Turn> alongside, Supplier<String> more) throws InterruptedException {
        List<TambatRun> runs = new ArrayList<>();
        List<PgbenchResult> ceilingRuns = new ArrayList<>();
        List<SideBySide.Turn> sides = new ArrayList<>();
        sides.add(() -> runs.add(tambat.run()));
        sides.addAll(alongside);
        pgbench.ifPresent(ceiling -> sides.add(() -> ceilingRuns.add(ceiling.run("ingest.sql",
                SignedDeliveries.pgbenchVariables(), RUN_SECONDS))));
        SideBySide.inTurns(RUNS, quiet, sides);
        Comparison ingest = new Comparison(runs, ceilingRuns);
        peakResidentMebibytes = Math.max(peakResidentMebibytes, ingest.tambatMaxResidentMebibytes());
        ingestCeilingTps = ingest.pgbenchTps();
        ExactlyOnce stored = ExactlyOnce.deliveries(db, SignedDeliveries.ENDPOINT, ingest.confirmedIds());
        section(title, ingest, stored, more.get() + "  " + InboxSize.of(db).describe() + "\n");
        judgeRatio(goal + ": >= 0.70x PostgreSQL's rate", ingest, 0.70);
        return ingest;
    }

    /**
     * Scenario 7: scenario 1 on a server of its own that keeps payloads in an object store
     * ({@code TAMBAT_PAYLOADS_STORE=s3}): each delivery puts its sealed body there before its inbox transaction, and
     * the row names the object. The store is s3proxy in this JVM over files under target/ ({@link PayloadBucket}),
     * on the same cores, its CPU counted in neither column. Warmed with its own deliveries, then measured as
     * scenario 1 is, with the puts' latency from the server's timer ({@link PayloadPuts}) and what the deliveries
     * take in the bucket.
     */
    private void objectStoreIngestScenario() throws InterruptedException {
        TestDatabase db = new TestDatabase(OBJECT_STORE_SCHEMA).dropSchema();
        try (PayloadBucket bucket = new PayloadBucket()) {
            bucket.start();
            Map<String, String> settings = new HashMap<>(bucket.settings());
            settings.put("TAMBAT_PROCESSING_ENABLED", "false");
            long starting = System.nanoTime();
            try (TambatServerProcess server = start("bench-ingest-s3", OBJECT_STORE_SCHEMA, settings)) {
                Duration ready = Duration.ofNanos(System.nanoTime() - starting);
                ServerResources resources = new ServerResources(server.pid());
                Workload deliveries = SignedDeliveries.workload(server.baseUri());
                PayloadPuts puts = new PayloadPuts(server.baseUri());

                progress(warmingUp("the server with payloads in the object store", WARM_UP_SECONDS));
                WarmUp.Warmed warmUp = WarmUp.run(new JitCompilers(List.of(server.pid()))::cpuTicks,
                        WARM_UP_SECONDS, WARM_UP_MAX_SECONDS, seconds -> closedLoop.run(deliveries, seconds));
                peakResidentMebibytes = Math.max(peakResidentMebibytes, resources.residentMebibytes());
                report.append(String.format("Server with processing off and payloads in the object store: ready in "
                                + "%d s, then warmed %s with a closed loop of %s (%,d answered, statuses %s)%n%n",
                        ready.toSeconds(), warmUp.describe(), deliveries.name(), warmUp.load().answered(),
                        warmUp.load().statusCounts()));

                progress("7. ingest, payloads in an object store");
                List<PayloadPuts.Run> putRuns = new ArrayList<>();
                ingest(String.format("7. Ingest, processing off, payloads in an object store: signed %,d-byte "
                                + "GitHub deliveries, closed loop; the store is s3proxy in this JVM, on loopback, "
                                + "over files under target/, its CPU in neither column",
                                SignedDeliveries.BODY_BYTES),
                        "ingest, payloads in an object store", db, () -> {
                            PayloadPuts.Reading before = puts.read();
                            TambatRun run = closedLoopRun(resources, deliveries);
                            putRuns.add(puts.read().since(before));
                            return run;
                        }, List.of(), () -> PayloadPuts.describe(putRuns) + "  " + bucket.contents().describe()
                                + "\n");
            }
        }
    }

    /**
     * Scenario 1 again on the endpoint a destination takes, in the same turns: what writing a forward delivery
     * with each event costs ingest, judged against the spread of scenario 1's own ratios from round to round.
     */
    private void ingestWithADestination(TestDatabase db, Comparison without, Comparison with) {
        peakResidentMebibytes = Math.max(peakResidentMebibytes, with.tambatMaxResidentMebibytes());
        ExactlyOnce stored = ExactlyOnce.deliveries(db, SignedDeliveries.FORWARDED_ENDPOINT, with.confirmedIds());
        long stillToForward = db.count("SELECT count(*) FROM webhook_inbox i WHERE i.endpoint_id = ? AND NOT EXISTS "
                + "(SELECT 1 FROM forward_delivery f WHERE f.inbox_id = i.inbox_id)",
                SignedDeliveries.FORWARDED_ENDPOINT);
        checks.add(stored);
        report.append("1b. Ingest, processing off, the same deliveries to an endpoint one destination takes (a "
                        + "forward delivery written with each event; processing off, so none is sent), in the "
                        + "same turns as 1 and pgbench\n")
                .append(ComparisonReport.describe(with, pgbenchMissing))
                .append("  ").append(stored.describe()).append('\n')
                .append(String.format("  stored events without their forward delivery: %,d%n%n", stillToForward));
        OptionalDouble ratioWith = with.ratio();
        OptionalDouble ratioWithout = without.ratio();
        String goal = "ingest with one destination: ratio within the run-to-run spread of 1's";
        if (ratioWith.isEmpty() || ratioWithout.isEmpty()) {
            goals.notMeasured(goal, pgbenchMissing);
            return;
        }
        double spread = roundRatioSpread(without);
        goals.judge(goal, ratioWith.getAsDouble() >= ratioWithout.getAsDouble() - spread && stillToForward == 0,
                String.format("%s with, %s without, whose rounds spread %s", Figures.ratio(ratioWith.getAsDouble()),
                        Figures.ratio(ratioWithout.getAsDouble()), Figures.ratio(spread)));
    }

    /** The highest less the lowest of the rounds' ratios (Tambat's run over the pgbench run of its round). */
    private static double roundRatioSpread(Comparison comparison) {
        double[] ratios = new double[Math.min(comparison.tambat().size(), comparison.pgbench().size())];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = comparison.tambat().get(i).load().successRate() / comparison.pgbench().get(i).tps();
        }
        return Arrays.stream(ratios).max().orElse(0) - Arrays.stream(ratios).min().orElse(0);
    }

    private void orderScenario(String title, String goal, OrderPlacements orders, TestDatabase db,
            TambatServerProcess server, String token, ServerResources resources, double target)
            throws InterruptedException {
        progress(title);
        Comparison comparison = compare(resources, orders.workload(server.baseUri(), token), "order.sql",
                orders.pgbenchVariables(), RUNS);
        ExactlyOnce stored = ExactlyOnce.orders(db, OrderPlacements.TENANT, comparison.confirmedIds());
        section(String.format("%s (%,d-byte body), each a new Idempotency-Key, closed loop", title,
                        orders.bodyBytes()),
                comparison, stored);
        judgeRatio(goal + ": >= " + Figures.ratio(target) + " PostgreSQL's rate", comparison, target);
    }

    /**
     * Scenario 2 on a server with processing on: the open model and the drain, a closed loop for reference, and,
     * where the goal's rate asks more of this machine than it did of the one the goal was set on, the open model
     * again at the same share of pgbench's rate as there.
     */
    private void processingScenario() throws InterruptedException {
        TestDatabase db = new TestDatabase(PROCESSING_SCHEMA).dropSchema();
        long starting = System.nanoTime();
        try (TambatServerProcess server = start("bench-processing", PROCESSING_SCHEMA, Map.of())) {
            Duration ready = Duration.ofNanos(System.nanoTime() - starting);
            ServerResources resources = new ServerResources(server.pid());
            Workload deliveries = SignedDeliveries.workload(server.baseUri());
            Backlog backlog = Backlog.inbox(db, SignedDeliveries.ENDPOINT);
            OpenLoopLoad open = new OpenLoopLoad(CONNECTIONS);

            progress(warmingUp("the server with processing on", PROCESSING_WARM_UP_SECONDS));
            WarmUp.Warmed warmUp = WarmUp.run(new JitCompilers(List.of(server.pid()))::cpuTicks,
                    PROCESSING_WARM_UP_SECONDS, WARM_UP_MAX_SECONDS, seconds -> open.run(deliveries, RATE, seconds));
            long pendingAfterWarmUp = backlog.now().count();
            Optional<Duration> warmUpDrained = backlog.awaitDrained(BURST_DRAIN_LIMIT);
            report.append(String.format("Server with processing on: ready in %d s, then warmed %s with the open "
                            + "model at %,d/s (%,d answered, %,d not sent, statuses %s); %,d pending after it, %s%n%n",
                    ready.toSeconds(), warmUp.describe(), RATE, warmUp.load().answered(), warmUp.load().notSent(),
                    warmUp.load().statusCounts(), pendingAfterWarmUp, warmUpDrained.map(time -> "drained in "
                            + Figures.seconds(time)).orElse("not drained within "
                            + BURST_DRAIN_LIMIT.toSeconds() + " s")));

            progress("2. ingest, processing on: open model");
            OpenModelOutcome outcome = openModel(db, resources, open, deliveries, backlog, RATE, BURST_DRAIN_LIMIT);
            String statuses = backlog.statuses();

            progress("2. ingest, processing on: closed loop");
            Comparison closed = compare(resources, deliveries, "ingest.sql", SignedDeliveries.pgbenchVariables(),
                    PROCESSING_RUNS);
            List<String> confirmed = new ArrayList<>(outcome.run().load().confirmedIds());
            confirmed.addAll(closed.confirmedIds());

            if (closed.pgbenchTps().isPresent()) {
                ingestCeilingTps = closed.pgbenchTps();
            }
            OptionalInt sameShare = OpenModelOutcome.sameShareAsTheGoal(closed.pgbenchTps());
            Optional<OpenModelOutcome> atSameShare = Optional.empty();
            if (sameShare.isPresent() && sameShare.getAsInt() < RATE) {
                progress("2. ingest, processing on: open model at " + sameShare.getAsInt() + "/s");
                atSameShare = Optional.of(openModel(db, resources, open, deliveries, backlog, sameShare.getAsInt(),
                        DRAIN_LIMIT));
                confirmed.addAll(atSameShare.get().run().load().confirmedIds());
            }
            ExactlyOnce stored = ExactlyOnce.deliveries(db, SignedDeliveries.ENDPOINT, confirmed);
            checks.add(stored);

            report.append(String.format("2. Ingest, processing on: signed %,d-byte GitHub deliveries%n",
                            SignedDeliveries.BODY_BYTES))
                    .append(outcome.describe())
                    .append("  inbox rows by status after the drain: ").append(statuses).append('\n')
                    .append("  closed loop with processing on, for reference (processing works off the backlog "
                            + "during the pgbench runs too):\n")
                    .append(ComparisonReport.describe(closed, pgbenchMissing));
            atSameShare.ifPresent(scaled -> report.append(String.format("  the open model again at %s of "
                            + "pgbench's rate above, the share of PostgreSQL's rate that %,d/s was on the machine the "
                            + "goals were set on:%n", Figures.ratio(OpenModelOutcome.GOAL_SHARE_OF_POSTGRES), RATE))
                    .append(scaled.describe()));
            report.append("  ").append(stored.describe()).append('\n')
                    .append("  ").append(InboxUpdates.describe(db)).append("\n\n");
            outcome.judgeBurst(goals, "ingest, processing on");
            String atShare = String.format("ingest, processing on, at %s PostgreSQL's rate", Figures.ratio(
                    OpenModelOutcome.GOAL_SHARE_OF_POSTGRES));
            if (atSameShare.isPresent()) {
                atSameShare.get().judgeKeepingUp(goals, atShare);
            } else if (closed.pgbenchTps().isPresent()) {
                // RATE asks no more of this machine than the share does: it is judged as that share would be.
                outcome.judgeKeepingUp(goals, atShare + " (" + RATE + "/s, no more than that share here)");
            } else {
                goals.notMeasured(atShare, pgbenchMissing);
            }
        }
    }

    /**
     * One open-model run after a quiet start, then the wait for processing to drain the backlog, with the WAL the
     * database wrote for it and the CPU this JVM spent sending it.
     */
    private OpenModelOutcome openModel(TestDatabase db, ServerResources resources, OpenLoopLoad open,
            Workload deliveries, Backlog backlog, int rate, Duration drainLimit) throws InterruptedException {
        quiet.settle();
        DatabaseWal.Stopwatch wal = new DatabaseWal(db).stopwatch();
        DatabaseWal.Windows walWindows = new DatabaseWal(db).windows(OpenModelOutcome.P99_WINDOW);
        Duration loadCpuBefore = ownCpu();
        TambatRun run = databaseCpu.measure(() -> resources.measure(() -> open.run(deliveries, rate, SECONDS)));
        Duration loadCpu = ownCpu().minus(loadCpuBefore);
        List<Long> walByWindow = walWindows.bytesByWindow();
        Backlog.Pending atEnd = backlog.now();
        Optional<Duration> drained = backlog.awaitDrained(drainLimit);
        peakResidentMebibytes = Math.max(peakResidentMebibytes, run.residentMebibytes());
        return new OpenModelOutcome(rate, SECONDS, CONNECTIONS, run, atEnd, drained, drainLimit,
                backlog.now().count(), wal.elapsedBytes(), walByWindow, loadCpu);
    }

    /**
     * Scenario 6 on a server with processing on whose one HTTP destination ({@link ForwardedMessages}, verifying
     * every signature) takes the events and state changes of one endpoint: the open model at the machine's share
     * of pgbench's rate (as scenario 2 runs it), once to the endpoint no destination takes and once to the one it
     * takes, each measured from the start of the load until processing and forwarding have nothing left. The
     * difference in server CPU per delivery, over the messages a delivery makes, is what forwarding one costs.
     */
    private void forwardingScenario() throws InterruptedException {
        TestDatabase db = new TestDatabase(FORWARDING_SCHEMA).dropSchema();
        if (ingestCeilingTps.isEmpty() && pgbench.isPresent()) {
            progress("6. forwarding: pgbench's ingest rate, for the machine's share");
            quiet.settle();
            ingestCeilingTps = OptionalDouble.of(pgbench.get().run("ingest.sql", SignedDeliveries.pgbenchVariables(),
                    RUN_SECONDS).tps());
        }
        int rate = Math.min(RATE, OpenModelOutcome.sameShareAsTheGoal(ingestCeilingTps).orElse(RATE));
        long starting = System.nanoTime();
        try (TambatServerProcess server = start("bench-forwarding", FORWARDING_SCHEMA,
                sink.destination(SignedDeliveries.FORWARDED_ENDPOINT))) {
            Duration ready = Duration.ofNanos(System.nanoTime() - starting);
            ServerResources resources = new ServerResources(server.pid());
            Workload plain = SignedDeliveries.workload(server.baseUri());
            Workload forwarded = SignedDeliveries.workload(server.baseUri(), SignedDeliveries.FORWARDED_ENDPOINT);
            OpenLoopLoad open = new OpenLoopLoad(CONNECTIONS);
            List<Backlog> everything = List.of(Backlog.inbox(db, SignedDeliveries.ENDPOINT),
                    Backlog.inbox(db, SignedDeliveries.FORWARDED_ENDPOINT),
                    Backlog.forwarding(db, ForwardedMessages.DESTINATION));

            progress(warmingUp("the server with a destination", PROCESSING_WARM_UP_SECONDS));
            Workload both = Workload.mix("warm-up", List.of(plain, forwarded));
            WarmUp.Warmed warmUp = WarmUp.run(new JitCompilers(List.of(server.pid()))::cpuTicks,
                    PROCESSING_WARM_UP_SECONDS, WARM_UP_MAX_SECONDS, seconds -> open.run(both, rate, seconds));
            // The runs measure from an empty backlog, so the warm-up's own is waited for as long as a run's.
            Optional<Duration> warmUpDrained = Backlog.awaitDrained(FORWARDING_DRAIN_LIMIT, everything);
            report.append(String.format("Server with processing on and one destination: ready in %d s, then warmed "
                            + "%s with the open model at %,d/s to both endpoints in turn (%,d answered, statuses %s), "
                            + "%s%n%n", ready.toSeconds(), warmUp.describe(), rate, warmUp.load().answered(),
                    warmUp.load().statusCounts(), warmUpDrained.map(time -> "drained in " + Figures.seconds(time))
                            .orElse("not drained within " + FORWARDING_DRAIN_LIMIT.toSeconds() + " s")));

            progress("6. forwarding: the endpoint no destination takes");
            ForwardingOutcome without = forwardingRun(db, resources, open, plain, SignedDeliveries.ENDPOINT, rate);
            progress("6. forwarding: the endpoint the destination takes");
            ForwardingOutcome with = forwardingRun(db, resources, open, forwarded,
                    SignedDeliveries.FORWARDED_ENDPOINT, rate);
            ExactlyOnce storedWithout = ExactlyOnce.deliveries(db, SignedDeliveries.ENDPOINT,
                    without.run().load().confirmedIds());
            ExactlyOnce storedWith = ExactlyOnce.deliveries(db, SignedDeliveries.FORWARDED_ENDPOINT,
                    with.run().load().confirmedIds());
            checks.add(storedWithout);
            checks.add(storedWith);

            double messagesPerDelivery = with.run().load().successes() == 0 ? Double.NaN
                    : (double) with.messages().written() / with.run().load().successes();
            double perMessage = (with.serverCpuMillisPerDelivery() - without.serverCpuMillisPerDelivery())
                    / messagesPerDelivery;
            report.append(String.format("6. Forwarding: signed %,d-byte GitHub deliveries, processing on, one HTTP "
                            + "destination taking the events and state changes of one endpoint (a loopback service "
                            + "verifying each signature with the Standard Webhooks library), the open model at %s "
                            + "of pgbench's ingest rate (%s tps); CPU from the start of the load until the "
                            + "backlogs drained, per delivery answered; one run each%n", SignedDeliveries.BODY_BYTES,
                            Figures.ratio(OpenModelOutcome.GOAL_SHARE_OF_POSTGRES), ingestCeilingTps.isPresent()
                                    ? Figures.rate(ingestCeilingTps.getAsDouble()) : "not measured"))
                    .append(without.describe())
                    .append(with.describe())
                    .append(String.format("  %.2f messages per delivery; server CPU per forwarded message (the "
                            + "difference per delivery, over them): %s ms%n", messagesPerDelivery,
                            Figures.cpu(perMessage)))
                    .append("  ").append(storedWithout.describe()).append('\n')
                    .append("  ").append(storedWith.describe()).append("\n\n");
            with.judge(goals, String.format("forwarding at %,d/s", rate));
        }
    }

    /**
     * One open-model run to an endpoint after a quiet start, then the wait until its events are processed and
     * every message forwarded; the server's and the database's CPU cover both.
     */
    private ForwardingOutcome forwardingRun(TestDatabase db, ServerResources resources, OpenLoopLoad open,
            Workload deliveries, String endpoint, int rate) throws InterruptedException {
        Backlog inbox = Backlog.inbox(db, endpoint);
        Backlog forwards = Backlog.forwarding(db, ForwardedMessages.DESTINATION);
        quiet.settle();
        long lastDeliveryBefore = db.count("SELECT COALESCE(max(delivery_id), 0) FROM forward_delivery");
        long verifiedBefore = sink.verified();
        long requestsBefore = sink.requests();
        long refusedBefore = sink.refused();
        AtomicReference<Backlog.Pending> inboxAtEnd = new AtomicReference<>();
        AtomicReference<Backlog.Pending> forwardsAtEnd = new AtomicReference<>();
        AtomicReference<Optional<Duration>> drained = new AtomicReference<>();
        TambatRun run = databaseCpu.measure(() -> resources.measure(() -> {
            LoadResult load = open.run(deliveries, rate, SECONDS);
            inboxAtEnd.set(inbox.now());
            forwardsAtEnd.set(forwards.now());
            drained.set(Backlog.awaitDrained(FORWARDING_DRAIN_LIMIT, List.of(inbox, forwards)));
            return load;
        }));
        peakResidentMebibytes = Math.max(peakResidentMebibytes, run.residentMebibytes());
        Map<String, Object> written = db.rows("SELECT count(*) AS written, count(*) FILTER (WHERE message_type = "
                + "'event') AS events, count(*) FILTER (WHERE status = 'DELIVERED') AS delivered "
                + "FROM forward_delivery WHERE delivery_id > ?", lastDeliveryBefore).get(0);
        ForwardingOutcome.Messages messages = new ForwardingOutcome.Messages(
                ((Number) written.get("written")).longValue(), ((Number) written.get("events")).longValue(),
                ((Number) written.get("delivered")).longValue(), sink.verified() - verifiedBefore,
                sink.requests() - requestsBefore, sink.refused() - refusedBefore);
        return new ForwardingOutcome(endpoint, rate, SECONDS, run, inboxAtEnd.get(), forwardsAtEnd.get(),
                drained.get(), FORWARDING_DRAIN_LIMIT, messages);
    }

    /**
     * Scenario 5: ingest on two instances sharing one database. Processing is off on both, as on intake
     * instances, so that the figures are ingest's alone and stand next to scenario 1's and to pgbench's ingest
     * transaction: with processing on, the two instances' workers would take the same cores and rows as their
     * intake, and two worker pools on one database are TwoWorkerPoolsIT's to prove. In turns: the first instance
     * alone with every connection, both at once with the connections split and deliveries copied across, and
     * pgbench.
     */
    private void scaleOutScenario() throws InterruptedException {
        TestDatabase db = new TestDatabase(SCALE_OUT_SCHEMA).dropSchema();
        Map<String, String> intakeOnly = Map.of("TAMBAT_PROCESSING_ENABLED", "false");
        long starting = System.nanoTime();
        // One after the other: the first migrates the new schema before the second starts on it.
        try (TambatServerProcess first = start("bench-scale-out-a", SCALE_OUT_SCHEMA, intakeOnly);
                TambatServerProcess second = start("bench-scale-out-b", SCALE_OUT_SCHEMA, intakeOnly)) {
            Duration ready = Duration.ofNanos(System.nanoTime() - starting);
            TwoInstances both = new TwoInstances(first, second, databaseCpu, CLIENTS);
            Set<String> confirmed = new LinkedHashSet<>();
            Set<String> answeredByBoth = new LinkedHashSet<>();

            progress(warmingUp("two instances with processing off", WARM_UP_SECONDS));
            WarmUp.Warmed warmUp = WarmUp.run(new JitCompilers(List.of(first.pid(), second.pid()))::cpuTicks,
                    WARM_UP_SECONDS, WARM_UP_MAX_SECONDS, seconds -> {
                        ScaleOutRun slice = both.measure(seconds);
                        answeredByBoth.addAll(slice.answeredByBoth());
                        return slice.together().load();
                    });
            confirmed.addAll(warmUp.load().confirmedIds());
            report.append(String.format("Two servers with processing off on one schema: ready in %d s, one after "
                            + "the other, then warmed %s together by the closed loops of scenario 5 (%,d answered, "
                            + "statuses %s)%n%n", ready.toSeconds(), warmUp.describe(), warmUp.load().answered(),
                    warmUp.load().statusCounts()));

            progress("5. ingest on two instances");
            ServerResources firstAlone = new ServerResources(first.pid());
            Workload alone = SignedDeliveries.workload(first.baseUri());
            Map<String, String> ingestVariables = SignedDeliveries.pgbenchVariables();
            List<TambatRun> aloneRuns = new ArrayList<>();
            List<ScaleOutRun> pairs = new ArrayList<>();
            List<PgbenchResult> ceilingRuns = new ArrayList<>();
            List<SideBySide.Turn> sides = new ArrayList<>();
            sides.add(() -> aloneRuns.add(closedLoopRun(firstAlone, alone)));
            sides.add(() -> pairs.add(both.measure(RUN_SECONDS)));
            pgbench.ifPresent(ceiling -> sides.add(() -> ceilingRuns.add(ceiling.run("ingest.sql",
                    ingestVariables, RUN_SECONDS))));
            SideBySide.inTurns(RUNS, quiet, sides);
            Comparison aloneNextToPgbench = new Comparison(aloneRuns, ceilingRuns);
            peakResidentMebibytes = Math.max(peakResidentMebibytes,
                    aloneNextToPgbench.tambatMaxResidentMebibytes());
            for (ScaleOutRun pair : pairs) {
                peakResidentMebibytes = Math.max(peakResidentMebibytes, Math.max(pair.first().residentMebibytes(),
                        pair.second().residentMebibytes()));
                confirmed.addAll(pair.together().load().confirmedIds());
                answeredByBoth.addAll(pair.answeredByBoth());
            }
            confirmed.addAll(aloneNextToPgbench.confirmedIds());

            ExactlyOnce stored = ExactlyOnce.deliveries(db, SignedDeliveries.ENDPOINT, confirmed);
            ExactlyOnce storedFromBoth = ExactlyOnce.deliveries(db, SignedDeliveries.ENDPOINT,
                    "deliveries answered 2xx by both instances", answeredByBoth);
            checks.add(stored);
            report.append(String.format("5. Ingest scaled out: two instances on one database, processing off, signed "
                            + "%,d-byte GitHub deliveries, closed loops%n", SignedDeliveries.BODY_BYTES))
                    .append(ScaleOutReport.describe(aloneNextToPgbench, pairs, CLIENTS, pgbenchMissing))
                    .append("  ").append(stored.describe()).append(" (warm-up included)\n")
                    .append("  ").append(storedFromBoth.describe()).append(" (warm-up included)\n\n");
            goals.judge(SCALE_OUT_GOAL, stored.holds() && storedFromBoth.holds() && storedFromBoth.confirmed() > 0,
                    String.format("%,d deliveries checked, %,d of them answered 2xx by both instances; %,d missing, "
                            + "%,d stored more than once", stored.confirmed(), storedFromBoth.confirmed(),
                            stored.missing(), stored.duplicated()));
        }
    }

    /** Alternating runs of Tambat under a closed loop and of pgbench on the same transaction. */
    private Comparison compare(ServerResources resources, Workload workload, String script,
            Map<String, String> variables, int rounds) throws InterruptedException {
        Optional<Supplier<PgbenchResult>> ceiling = pgbench.map(ceilingSide ->
                () -> ceilingSide.run(script, variables, RUN_SECONDS));
        Comparison comparison = SideBySide.measure(rounds, quiet, () -> closedLoopRun(resources, workload),
                ceiling);
        peakResidentMebibytes = Math.max(peakResidentMebibytes, comparison.tambatMaxResidentMebibytes());
        return comparison;
    }

    /** One closed-loop run of the workload, with the server's and the database's CPU over it. */
    private TambatRun closedLoopRun(ServerResources resources, Workload workload) throws InterruptedException {
        return databaseCpu.measure(() -> resources.measure(() -> closedLoop.run(workload, RUN_SECONDS)));
    }

    private void section(String title, Comparison comparison, ExactlyOnce stored) {
        section(title, comparison, stored, "");
    }

    /** A scenario's table and exactly-once check, then what else it reports: whole lines, each indented. */
    private void section(String title, Comparison comparison, ExactlyOnce stored, String more) {
        checks.add(stored);
        report.append(title).append('\n')
                .append(ComparisonReport.describe(comparison, pgbenchMissing))
                .append("  ").append(stored.describe()).append('\n')
                .append(more).append('\n');
    }

    private void judgeRatio(String goal, Comparison comparison, double target) {
        OptionalDouble ratio = comparison.ratio();
        if (ratio.isEmpty()) {
            goals.notMeasured(goal, pgbenchMissing);
            return;
        }
        goals.judge(goal, ratio.getAsDouble() >= target, String.format("%s (%s/s against %s tps)",
                Figures.ratio(ratio.getAsDouble()), Figures.rate(comparison.tambatRate()),
                Figures.rate(comparison.pgbenchTps().getAsDouble())));
    }

    private void judgeOverallGoals() {
        goals.judge("memory: resident set < 600 MiB with " + String.join(" ", JVM_OPTIONS),
                peakResidentMebibytes < 600, "peak " + peakResidentMebibytes + " MiB over the measured runs");
        long confirmed = checks.stream().mapToLong(ExactlyOnce::confirmed).sum();
        long missing = checks.stream().mapToLong(ExactlyOnce::missing).sum();
        long duplicated = checks.stream().mapToLong(ExactlyOnce::duplicated).sum();
        goals.judge("nothing lost: every 2xx delivery and 201 order stored exactly once",
                checks.stream().allMatch(ExactlyOnce::holds),
                String.format("%,d ids checked, %,d missing, %,d stored more than once", confirmed, missing,
                        duplicated));
    }

    private String header() {
        return String.format("""
                Tambat side by side with PostgreSQL running the same transactions
                %s, %s, %d cores, load average %s before the run; server: tambat.jar, JVM options %s
                closed loops: %d connections; each side %d runs of %d s per scenario (%d with processing on), \
                alternating, each after %s; medians
                PostgreSQL alone: %s
                PostgreSQL settings: %s
                load generator: this JVM, Apache HttpClient (classic, one keep-alive connection per sending thread)
                CPU: the server process's utime+stime from /proc over each run, per request answered; RSS: VmRSS \
                at the end of each run
                %s

                """, REVISION, startedAt, Runtime.getRuntime().availableProcessors(), loadAverageBefore,
                String.join(" ", JVM_OPTIONS), CLIENTS, RUNS, RUN_SECONDS, PROCESSING_RUNS, quiet.describe(),
                pgbench.map(PgbenchCeiling::describe).orElse("not measured: " + pgbenchMissing),
                databaseSettings(), databaseCpu.describe());
    }

    /**
     * The server settings that decide how often PostgreSQL checkpoints, how much each checkpoint costs, and whether
     * autovacuum runs beside the load.
     */
    private static String databaseSettings() {
        return new TestDatabase("public").rows("""
                SELECT name, setting, unit FROM pg_settings
                WHERE name IN ('shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression',
                               'synchronous_commit', 'autovacuum', 'backend_flush_after')
                ORDER BY name""").stream()
                .map(row -> row.get("name") + " " + row.get("setting")
                        + (row.get("unit") == null ? "" : " (" + row.get("unit") + ")"))
                .collect(Collectors.joining(", "));
    }

    private static TambatServerProcess start(String name, String schema, Map<String, String> settings) {
        Map<String, String> environment = new HashMap<>(SignedDeliveries.endpointConfiguration());
        environment.putAll(settings);
        TambatServerProcess server = TambatServerProcess.configured(name, TestDatabase.port(), schema, environment)
                .withFullCompilation().withJvmOptions(JVM_OPTIONS).start();
        try {
            return server.awaitReady(READY);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The CPU this JVM, the load generator, has used so far. */
    private static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** The 1-minute load average, from /proc/loadavg: other work on the machine shows here. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String warmingUp(String what, int minimumSeconds) {
        return "warming " + what + " until the JIT compilers rest (" + minimumSeconds + " to " + WARM_UP_MAX_SECONDS
                + " s)";
    }

    private void progress(String step) {
        System.out.println("[bench " + elapsed() + "] " + step);
    }

    private String elapsed() {
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
        return String.format("%d:%02d", seconds / 60, seconds % 60);
    }
}
