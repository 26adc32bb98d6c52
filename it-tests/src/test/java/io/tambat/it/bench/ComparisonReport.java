package io.tambat.it.bench;

import io.tambat.it.bench.PgbenchCeiling.PgbenchResult;
import io.tambat.it.bench.SideBySide.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/** A comparison as a table: one row per round, Tambat's run next to pgbench's, then the medians and the ratio. */
final class ComparisonReport {

    /** The headers of {@link #tambatFigures} and {@link #tambatMedians}, in their order. */
    static final List<String> TAMBAT_HEADERS = List.of("Tambat/s", "not 2xx", "p50 ms", "p99 ms", "CPU ms/req",
            "DB CPU ms/req");

    private ComparisonReport() {
    }

    /** The table and the ratio; {@code whyNoPgbench} explains an empty PostgreSQL side. */
    static String describe(Comparison comparison, String whyNoPgbench) {
        ReportTable table = new ReportTable(cells(List.of("round"), TAMBAT_HEADERS, "pgbench DB ms/tx", "RSS MiB",
                "pgbench tps", "pgbench ms"));
        for (int i = 0; i < comparison.tambat().size(); i++) {
            TambatRun run = comparison.tambat().get(i);
            Optional<PgbenchResult> ceiling = i < comparison.pgbench().size()
                    ? Optional.of(comparison.pgbench().get(i)) : Optional.empty();
            table.row(cells(List.of(String.valueOf(i + 1)), tambatFigures(run),
                    ceiling.map(result -> Figures.cpu(result.databaseCpuMillisPerTransaction())).orElse("-"),
                    String.valueOf(run.residentMebibytes()),
                    ceiling.map(result -> Figures.rate(result.tps())).orElse("-"),
                    ceiling.map(result -> Figures.millis(result.latencyAverageMillis())).orElse("-")));
        }
        table.row(cells(List.of("median"), tambatMedians(comparison),
                optional(comparison.pgbenchDatabaseCpuMillisPerTransaction(), Figures::cpu),
                Figures.rate(comparison.tambatResidentMebibytes()),
                optional(comparison.pgbenchTps(), Figures::rate),
                optional(comparison.pgbenchLatencyMillis(), Figures::millis)));
        return table + "  Tambat / PostgreSQL: " + optional(comparison.ratio(), Figures::ratio)
                + (comparison.pgbench().isEmpty() ? " (" + whyNoPgbench + ")" : "") + "\n";
    }

    /** A row of a table with Tambat's figures: its leading cells, Tambat's figures, then the rest. */
    static String[] cells(List<String> leading, List<String> tambat, String... rest) {
        List<String> cells = new ArrayList<>(leading);
        cells.addAll(tambat);
        cells.addAll(List.of(rest));
        return cells.toArray(String[]::new);
    }

    /** One Tambat run's rate, answers not 2xx, client p50 and p99, server and database CPU per request. */
    static List<String> tambatFigures(TambatRun run) {
        LoadResult load = run.load();
        return List.of(Figures.rate(load.successRate()), Figures.count(load.failures()),
                Figures.millis(load.latencyMillis(0.50)), Figures.millis(load.latencyMillis(0.99)),
                Figures.cpu(run.cpuMillisPerRequest()), Figures.cpu(run.databaseCpuMillisPerRequest()));
    }

    /** The medians of {@link #tambatFigures} over Tambat's runs. */
    static List<String> tambatMedians(Comparison comparison) {
        return List.of(Figures.rate(comparison.tambatRate()), Figures.rate(comparison.tambatFailures()),
                Figures.millis(comparison.tambatLatencyMillis(0.50)),
                Figures.millis(comparison.tambatLatencyMillis(0.99)),
                Figures.cpu(comparison.tambatCpuMillisPerRequest()),
                Figures.cpu(comparison.tambatDatabaseCpuMillisPerRequest()));
    }

    static String optional(OptionalDouble value, DoubleFunction<String> format) {
        return value.isPresent() ? format.apply(value.getAsDouble()) : "-";
    }
}
