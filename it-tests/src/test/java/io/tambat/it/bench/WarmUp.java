package io.tambat.it.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Warms servers with their own load until their JIT compilers rest. On two cores Liberty and Tambat keep the
 * compilers busy for minutes under load, and until they rest the server runs slower and less predictably: after
 * 120 s of deliveries alone ingest took 0.74 ms of server CPU a delivery, after 120 s of a mix of deliveries and
 * orders 2.0 ms, with the C2 compiler still at a quarter of a core when the measured runs began (JFR, one
 * machine, one hour). So the load runs in slices of
 * {@link #SLICE_SECONDS} for at least the minimum, then until a slice in which the compilers used less than
 * {@link #RESTING_SHARE_OF_A_CORE} of a core, or the maximum.
 */
final class WarmUp {

    static final int SLICE_SECONDS = 10;
    static final double RESTING_SHARE_OF_A_CORE = 0.10;

    /** One slice of the warm-up load. */
    @FunctionalInterface
    interface Slice {
        LoadResult run(int seconds) throws InterruptedException;
    }

    /**
     * @param seconds      how long the load ran
     * @param load         every request of the warm-up, its slices one after the other (its counts are what a
     *                     report reads: its rate is not that of the whole warm-up)
     * @param sliceShares  the compilers' CPU in each slice, in cores, oldest first
     */
    record Warmed(int seconds, LoadResult load, List<Double> sliceShares) {

        Warmed {
            sliceShares = List.copyOf(sliceShares);
        }

        /** The compilers' CPU in the last slice, in cores. */
        double compilerShare() {
            return sliceShares.get(sliceShares.size() - 1);
        }

        boolean compilersRested() {
            return compilerShare() < RESTING_SHARE_OF_A_CORE;
        }

        /** For a report: how long, what the compilers used in each slice, and whether they rested. */
        String describe() {
            return String.format("%d s (the JIT compilers' share of a core in each %d s: %s %%%s)", seconds,
                    SLICE_SECONDS, String.join(", ", sliceShares.stream()
                            .map(share -> String.valueOf(Math.round(share * 100))).toList()),
                    compilersRested() ? "" : ", still busy at the maximum");
        }
    }

    private WarmUp() {
    }

    /**
     * @param compilerTicks the compilers' CPU time so far, in clock ticks ({@link JitCompilers#cpuTicks})
     */
    static Warmed run(LongSupplier compilerTicks, int minimumSeconds, int maximumSeconds, Slice slice)
            throws InterruptedException {
        List<LoadResult> slices = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        int seconds = 0;
        while (seconds < maximumSeconds) {
            int length = Math.min(SLICE_SECONDS, maximumSeconds - seconds);
            long ticksBefore = compilerTicks.getAsLong();
            slices.add(slice.run(length));
            double share = ProcessStat.millis(compilerTicks.getAsLong() - ticksBefore) / (length * 1000.0);
            shares.add(share);
            seconds += length;
            if (seconds >= minimumSeconds && share < RESTING_SHARE_OF_A_CORE) {
                break;
            }
        }
        return new Warmed(seconds, LoadResult.together(slices), shares);
    }
}
