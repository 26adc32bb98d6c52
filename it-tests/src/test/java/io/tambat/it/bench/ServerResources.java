package io.tambat.it.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time and resident memory of a server process, read from {@code /proc} (Linux): user plus system time from
 * {@code /proc/<pid>/stat}, in clock ticks ({@code getconf CLK_TCK}), and {@code VmRSS} from
 * {@code /proc/<pid>/status}.
 */
final class ServerResources {

    private static final long CLOCK_TICKS_PER_SECOND = clockTicksPerSecond();

    private final long pid;

    ServerResources(long pid) {
        this.pid = pid;
    }

    /** A load run with the server's CPU time over it and its resident memory at its end. */
    TambatRun measure(LoadRun run) throws InterruptedException {
        long before = cpuTicks();
        LoadResult result = run.run();
        double cpuMillis = (cpuTicks() - before) * 1000.0 / CLOCK_TICKS_PER_SECOND;
        return new TambatRun(result, cpuMillis, residentMebibytes());
    }

    /** utime + stime: fields 14 and 15, counted after the command name, which may hold spaces. */
    long cpuTicks() {
        String stat = read("stat");
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" +");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    long residentMebibytes() {
        return read("status").lines().filter(line -> line.startsWith("VmRSS:"))
                .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024)
                .findFirst().orElseThrow();
    }

    private String read(String file) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(pid), file), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/" + pid + "/" + file, e);
        }
    }

    private static long clockTicksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            return getconf.waitFor() == 0 ? Long.parseLong(out) : 100;
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }

    /** A load run to measure. */
    @FunctionalInterface
    interface LoadRun {
        LoadResult run() throws InterruptedException;
    }
}
