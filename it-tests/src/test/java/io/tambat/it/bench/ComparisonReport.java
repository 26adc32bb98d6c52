package io.tambat.it.bench;

import io.tambat.it.bench.PgbenchCeiling.PgbenchResult;
import io.tambat.it.bench.SideBySide.Comparison;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/** A comparison as a table: one row per round, Tambat's run next to pgbench's, then the medians and the ratio. */
final class ComparisonReport {

    private ComparisonReport() {
    }

    /** The table and the ratio; {@code whyNoPgbench} explains an empty PostgreSQL side. */
    static String describe(Comparison comparison, String whyNoPgbench) {
        ReportTable table = new ReportTable("round", "Tambat/s", "not 2xx", "p50 ms", "p99 ms", "CPU ms/req",
                "DB CPU ms/req", "pgbench DB ms/tx", "RSS MiB", "pgbench tps", "pgbench ms");
        for (int i = 0; i < comparison.tambat().size(); i++) {
            TambatRun run = comparison.tambat().get(i);
            Optional<PgbenchResult> ceiling = i < comparison.pgbench().size()
                    ? Optional.of(comparison.pgbench().get(i)) : Optional.empty();
            table.row(String.valueOf(i + 1), Figures.rate(run.load().successRate()),
                    Figures.count(run.load().failures()), Figures.millis(run.load().latencyMillis(0.50)),
                    Figures.millis(run.load().latencyMillis(0.99)), Figures.cpu(run.cpuMillisPerRequest()),
                    Figures.cpu(run.databaseCpuMillisPerRequest()),
                    ceiling.map(result -> Figures.cpu(result.databaseCpuMillisPerTransaction())).orElse("-"),
                    String.valueOf(run.residentMebibytes()),
                    ceiling.map(result -> Figures.rate(result.tps())).orElse("-"),
                    ceiling.map(result -> Figures.millis(result.latencyAverageMillis())).orElse("-"));
        }
        table.row("median", Figures.rate(comparison.tambatRate()), Figures.rate(comparison.tambatFailures()),
                Figures.millis(comparison.tambatLatencyMillis(0.50)),
                Figures.millis(comparison.tambatLatencyMillis(0.99)),
                Figures.cpu(comparison.tambatCpuMillisPerRequest()),
                Figures.cpu(comparison.tambatDatabaseCpuMillisPerRequest()),
                optional(comparison.pgbenchDatabaseCpuMillisPerTransaction(), Figures::cpu),
                Figures.rate(comparison.tambatResidentMebibytes()),
                optional(comparison.pgbenchTps(), Figures::rate),
                optional(comparison.pgbenchLatencyMillis(), Figures::millis));
        return table + "  Tambat / PostgreSQL: " + optional(comparison.ratio(), Figures::ratio)
                + (comparison.pgbench().isEmpty() ? " (" + whyNoPgbench + ")" : "") + "\n";
    }

    private static String optional(OptionalDouble value, DoubleFunction<String> format) {
        return value.isPresent() ? format.apply(value.getAsDouble()) : "-";
    }
}
