package io.tambat.it.bench;

import io.tambat.it.bench.PgbenchCeiling.PgbenchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Tambat and PostgreSQL measured in turns, Tambat first in odd rounds and pgbench first in even ones (A B, B A,
 * ...), each run after a quiet start, so drift on a shared machine falls on both sides alike; compared by the
 * medians of the runs.
 */
final class SideBySide {

    private SideBySide() {
    }

    static Comparison measure(int rounds, QuietStart quiet, TambatSide tambat,
            Optional<Supplier<PgbenchResult>> pgbench) throws InterruptedException {
        List<TambatRun> tambatRuns = new ArrayList<>();
        List<PgbenchResult> pgbenchRuns = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            boolean tambatFirst = round % 2 == 0;
            if (tambatFirst) {
                quiet.settle();
                tambatRuns.add(tambat.run());
            }
            if (pgbench.isPresent()) {
                quiet.settle();
                pgbenchRuns.add(pgbench.get().get());
            }
            if (!tambatFirst) {
                quiet.settle();
                tambatRuns.add(tambat.run());
            }
        }
        return new Comparison(tambatRuns, pgbenchRuns);
    }

    /** One measured run against Tambat. */
    @FunctionalInterface
    interface TambatSide {
        TambatRun run() throws InterruptedException;
    }

    /** The runs of both sides, in the order they ran on each side. */
    record Comparison(List<TambatRun> tambat, List<PgbenchResult> pgbench) {

        double tambatRate() {
            return median(tambat, run -> run.load().successRate());
        }

        double tambatLatencyMillis(double quantile) {
            return median(tambat, run -> run.load().latencyMillis(quantile));
        }

        double tambatCpuMillisPerRequest() {
            return median(tambat, TambatRun::cpuMillisPerRequest);
        }

        double tambatDatabaseCpuMillisPerRequest() {
            return median(tambat, TambatRun::databaseCpuMillisPerRequest);
        }

        long tambatMaxResidentMebibytes() {
            return tambat.stream().mapToLong(TambatRun::residentMebibytes).max().orElse(0);
        }

        OptionalDouble pgbenchTps() {
            return pgbench.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(median(pgbench, PgbenchResult::tps));
        }

        OptionalDouble pgbenchLatencyMillis() {
            return pgbench.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(median(pgbench, PgbenchResult::latencyAverageMillis));
        }

        OptionalDouble pgbenchDatabaseCpuMillisPerTransaction() {
            return pgbench.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(median(pgbench, PgbenchResult::databaseCpuMillisPerTransaction));
        }

        /** Tambat's median rate over pgbench's median rate. */
        OptionalDouble ratio() {
            OptionalDouble tps = pgbenchTps();
            return tps.isPresent() && tps.getAsDouble() > 0 ? OptionalDouble.of(tambatRate() / tps.getAsDouble())
                    : OptionalDouble.empty();
        }

        List<String> confirmedIds() {
            return tambat.stream().flatMap(run -> run.load().confirmedIds().stream()).toList();
        }

        double tambatFailures() {
            return median(tambat, run -> run.load().failures());
        }

        double tambatResidentMebibytes() {
            return median(tambat, TambatRun::residentMebibytes);
        }

        private static <T> double median(List<T> runs, ToDoubleFunction<T> figure) {
            double[] sorted = runs.stream().mapToDouble(figure).sorted().toArray();
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int middle = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        }
    }
}
