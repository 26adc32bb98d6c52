package io.tambat.it.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU time of the JIT compiler threads of one or more HotSpot JVMs, read from each thread's
 * {@code /proc/<pid>/task/<tid>/stat} (Linux). HotSpot names them {@code C1 CompilerThread<n>} and
 * {@code C2 CompilerThread<n>}; the kernel keeps the first 15 characters of a thread's name.
 */
final class JitCompilers {

    private static final String C1 = "C1 CompilerThre";
    private static final String C2 = "C2 CompilerThre";

    private final List<Long> pids;

    JitCompilers(List<Long> pids) {
        this.pids = List.copyOf(pids);
    }

    /** Their CPU time so far, in clock ticks (see {@link ProcessStat#millis}). */
    long cpuTicks() {
        return pids.stream().mapToLong(JitCompilers::compilerTicks).sum();
    }

    static boolean isCompiler(ProcessStat thread) {
        return thread.command().startsWith(C1) || thread.command().startsWith(C2);
    }

    private static long compilerTicks(long pid) {
        try (Stream<Path> threads = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            return threads.mapToLong(thread -> {
                try {
                    ProcessStat stat = ProcessStat.parse(Files.readString(thread.resolve("stat"),
                            StandardCharsets.US_ASCII));
                    return isCompiler(stat) ? stat.cpuTicks() : 0;
                } catch (IOException exited) {
                    // A thread that exits while it is read: gone (NoSuchFileException), or going ("No such process").
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the threads of process " + pid, e);
        }
    }
}
