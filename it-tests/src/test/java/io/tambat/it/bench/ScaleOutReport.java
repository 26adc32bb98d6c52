package io.tambat.it.bench;

import io.tambat.it.bench.SideBySide.Comparison;
import java.util.List;
import java.util.function.Function;

/**
 * The scale-out scenario as tables: one instance alone next to pgbench, then the two instances' runs, each
 * instance and the two together, then the rates side by side and what they mean on one machine.
 */
final class ScaleOutReport {

    private static final List<Instance> INSTANCES = List.of(new Instance("A", ScaleOutRun::first),
            new Instance("B", ScaleOutRun::second), new Instance("together", ScaleOutRun::together));

    private ScaleOutReport() {
    }

    /**
     * @param alone the first instance alone with every connection, next to pgbench's ingest
     * @param pairs the runs of both instances at once
     * @param connections the closed loops' connections, split between the instances when both run
     */
    static String describe(Comparison alone, List<ScaleOutRun> pairs, int connections, String whyNoPgbench) {
        ReportTable table = new ReportTable(ComparisonReport.cells(List.of("round"),
                ComparisonReport.TAMBAT_HEADERS, "RSS MiB"));
        for (int i = 0; i < pairs.size(); i++) {
            for (Instance instance : INSTANCES) {
                TambatRun run = instance.run().apply(pairs.get(i));
                table.row(ComparisonReport.cells(List.of((i + 1) + " " + instance.label()),
                        ComparisonReport.tambatFigures(run), Figures.count(run.residentMebibytes())));
            }
        }
        for (Instance instance : INSTANCES) {
            Comparison runs = new Comparison(pairs.stream().map(instance.run()).toList(), List.of());
            table.row(ComparisonReport.cells(List.of("median " + instance.label()),
                    ComparisonReport.tambatMedians(runs), Figures.rate(runs.tambatResidentMebibytes())));
        }
        Comparison together = new Comparison(pairs.stream().map(ScaleOutRun::together).toList(), alone.pgbench());
        return String.format("  the first instance (A) alone, %d connections, next to pgbench's ingest:%n",
                connections)
                + ComparisonReport.describe(alone, whyNoPgbench)
                + String.format("  both instances at once, %d connections to A and %d to B; one new delivery in %d "
                                + "also sent to the other instance:%n", connections / 2,
                        connections - connections / 2, CrossInstanceDeliveries.ALSO_TO_THE_OTHER_EVERY)
                + table
                + "  together: the 2xx answers of both, copies included; both servers' CPU and memory summed; the\n"
                + "  database's CPU over both (n/a for one instance: the database serves both at once)\n"
                + String.format("  two instances: %s/s, %s one instance alone (%s/s), %s PostgreSQL (%s tps)%n",
                        Figures.rate(together.tambatRate()),
                        Figures.ratio(together.tambatRate() / alone.tambatRate()),
                        Figures.rate(alone.tambatRate()),
                        ComparisonReport.optional(together.ratio(), Figures::ratio),
                        ComparisonReport.optional(alone.pgbenchTps(), Figures::rate))
                + String.format("  Both servers, PostgreSQL and the load generator share this machine's %d cores: a "
                        + "second%n  instance here brings no CPU of its own, only a second server to run, so two "
                        + "instances are not%n  expected to be faster than one. What this shows is that ingest runs "
                        + "correctly on two instances at%n  once, and what each costs in CPU; ingest scales out where "
                        + "each instance has cores of its own.%n", Runtime.getRuntime().availableProcessors());
    }

    /** A row of the two instances' table: its label and its run of a {@link ScaleOutRun}. */
    private record Instance(String label, Function<ScaleOutRun, TambatRun> run) {
    }
}
