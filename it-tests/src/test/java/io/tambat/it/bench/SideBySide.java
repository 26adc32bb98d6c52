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
 * medians of the runs. Scenarios with more sides take the same turns.
 */
final class SideBySide {

    private SideBySide() {
    }

    static Comparison measure(int rounds, QuietStart quiet, TambatSide tambat,
            Optional<Supplier<PgbenchResult>> pgbench) throws InterruptedException {
        List<TambatRun> tambatRuns = new ArrayList<>();
        List<PgbenchResult> pgbenchRuns = new ArrayList<>();
        List<Turn> sides = new ArrayList<>();
        sides.add(() -> tambatRuns.add(tambat.run()));
        pgbench.ifPresent(ceiling -> sides.add(() -> pgbenchRuns.add(ceiling.get())));
        inTurns(rounds, quiet, sides);
        return new Comparison(tambatRuns, pgbenchRuns);
    }

    /**
     * Each side once a round, each run after a quiet start, round {@code r} beginning with side {@code r} (mod
     * the sides): A B, B A for two sides, A B C, B C A, C A B for three.
     */
    static void inTurns(int rounds, QuietStart quiet, List<Turn> sides) throws InterruptedException {
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < sides.size(); turn++) {
                quiet.settle();
                sides.get((round + turn) % sides.size()).run();
            }
        }
    }

    /** One side's run in a round, keeping its own figures. */
    @FunctionalInterface
    interface Turn {
        void run() throws InterruptedException;
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
