package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Where a warm-up ends: not before the minimum, then after the first slice in which the compilers rested, at the
 * latest at the maximum.
 */
class WarmUpTest {

    /** Clock ticks of compiler CPU in each slice, whatever a tick is on this machine. */
    private static long ticksPerSecond() {
        long ticks = 1;
        while (ProcessStat.millis(ticks) < 1000) {
            ticks++;
        }
        return ticks;
    }

    /** Slices in which the compilers use the given cores, one after the other. */
    private static WarmUp.Warmed warm(int minimum, int maximum, double... coresPerSlice) throws InterruptedException {
        AtomicLong ticks = new AtomicLong();
        List<Integer> lengths = new ArrayList<>();
        long perSecond = ticksPerSecond();
        return WarmUp.run(ticks::get, minimum, maximum, seconds -> {
            double cores = coresPerSlice[Math.min(lengths.size(), coresPerSlice.length - 1)];
            lengths.add(seconds);
            ticks.addAndGet(Math.round(cores * seconds * perSecond));
            return new LoadResult();
        });
    }

    @Test
    void goesOnWhileTheCompilersAreBusyAndStopsAtTheFirstSliceTheyRest() throws InterruptedException {
        WarmUp.Warmed warmed = warm(20, 240, 0.9, 0.6, 0.4, 0.25, 0.05, 0.0);

        assertThat(warmed.seconds()).isEqualTo(50);
        assertThat(warmed.compilersRested()).isTrue();
        assertThat(warmed.compilerShare()).isCloseTo(0.05, Offset.offset(0.01));
    }

    @Test
    void runsAtLeastTheMinimumEvenWhenTheCompilersRestAtOnce() throws InterruptedException {
        assertThat(warm(60, 240, 0.0).seconds()).isEqualTo(60);
    }

    @Test
    void stopsAtTheMaximumAndSaysTheCompilersWereStillBusy() throws InterruptedException {
        WarmUp.Warmed warmed = warm(20, 45, 0.9, 0.5);

        assertThat(warmed.seconds()).isEqualTo(45);
        assertThat(warmed.compilersRested()).isFalse();
        assertThat(warmed.describe()).isEqualTo("45 s (the JIT compilers' share of a core in each 10 s: "
                + "90, 50, 50, 50, 50 %, still busy at the maximum)");
    }

    @Test
    void knowsHotSpotsCompilerThreadsByTheirNamesInProc() {
        assertThat(JitCompilers.isCompiler(ProcessStat.parse(stat("C2 CompilerThre")))).isTrue();
        assertThat(JitCompilers.isCompiler(ProcessStat.parse(stat("C1 CompilerThre")))).isTrue();
        assertThat(JitCompilers.isCompiler(ProcessStat.parse(stat("Default Executor")))).isFalse();
    }

    private static String stat(String name) {
        return "4242 (" + name + ") S 1 4242 4242 0 -1 4194368 10 0 0 0 70 5 0 0 20 0 60 0 1234 0 0";
    }
}
