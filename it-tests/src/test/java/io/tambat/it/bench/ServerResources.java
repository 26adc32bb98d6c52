package io.tambat.it.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time and resident memory of a server process, read from {@code /proc} (Linux): user plus system time from
 * {@code /proc/<pid>/stat}, and {@code VmRSS} from {@code /proc/<pid>/status}. The database's CPU time is not
 * the server's to measure: a database may serve more than one server at once ({@link DatabaseCpu}).
 */
final class ServerResources {

    private final long pid;

    ServerResources(long pid) {
        this.pid = pid;
    }

    /**
     * A load run with the server's CPU time over it and its resident memory at its end; its database CPU time is
     * left unmeasured ({@link DatabaseCpu#measure}).
     */
    TambatRun measure(LoadRun run) throws InterruptedException {
        long before = cpuTicks();
        LoadResult result = run.run();
        return new TambatRun(result, ProcessStat.millis(cpuTicks() - before), Double.NaN, residentMebibytes());
    }

    private long cpuTicks() {
        return ProcessStat.parse(read("stat")).cpuTicks();
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

    /** A load run to measure. */
    @FunctionalInterface
    interface LoadRun {
        LoadResult run() throws InterruptedException;
    }
}
