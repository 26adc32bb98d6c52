package io.tambat.it.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What scripts/bench passes to the benchmark as {@code bench.*} system properties (from its BENCH_*
 * environment variables), with their defaults, and where the report goes.
 */
final class BenchmarkSettings {

    /**
     * Scenarios to run, of {@code ingest}, {@code ingest-s3}, {@code orders}, {@code processing}, {@code forwarding}
     * and {@code scale-out}: the first five by default. Scale-out starts two more servers and warms them, about five
     * minutes more: it runs when named.
     */
    static final Set<String> SCENARIOS = Arrays.stream(System.getProperty("bench.only",
                    "ingest,ingest-s3,orders,processing,forwarding")
            .split(",")).map(String::trim).filter(name -> !name.isEmpty()).collect(Collectors.toSet());
    /** Connections of the closed loops, and pgbench's clients. */
    static final int CLIENTS = Integer.getInteger("bench.clients", 32);
    /** Runs of each side per scenario, alternating. */
    static final int RUNS = Integer.getInteger("bench.runs", 3);
    /**
     * Runs of each side for the informational closed loop with processing on: one, to keep the run short.
     */
    static final int PROCESSING_RUNS = Math.min(RUNS, 1);
    static final int RUN_SECONDS = Integer.getInteger("bench.run.seconds", 8);
    /** Quiet seconds after the CHECKPOINT before each run. */
    static final int PAUSE_SECONDS = Integer.getInteger("bench.pause.seconds", 2);
    /**
     * The shortest warm-up of the server with processing off, a closed-loop mix of deliveries and orders, of the
     * one with payloads in an object store, its deliveries alone, and of the two scale-out servers, their own load.
     * Each goes on until the servers' JIT compilers rest ({@link WarmUp}), at most {@link #WARM_UP_MAX_SECONDS}.
     */
    static final int WARM_UP_SECONDS = Integer.getInteger("bench.warmup.seconds", 60);
    /**
     * The shortest warm-up of the server with processing on, the open model itself; it too goes on until the JIT
     * compilers rest. After a fixed 40 s the open model ran beside a compiler still busy for most of a core,
     * and measured the compiler as much as Tambat.
     */
    static final int PROCESSING_WARM_UP_SECONDS = Integer.getInteger("bench.processing.warmup.seconds", 60);
    /** The longest any warm-up goes on while the compilers are still busy. */
    static final int WARM_UP_MAX_SECONDS = Integer.getInteger("bench.warmup.max.seconds", 240);
    /** The open model with processing on: rate, duration and connections. */
    static final int RATE = Integer.getInteger("bench.rate", 1500);
    static final int SECONDS = Integer.getInteger("bench.seconds", 60);
    static final int CONNECTIONS = Integer.getInteger("bench.connections", 64);
    /**
     * The servers' JVM options: the memory goal is for a 512 MiB heap, with the serial collector that docs/capacity.md
     * gives for two cores (G1's own structures and its growing heap took the resident set past 600 MiB).
     */
    static final String[] JVM_OPTIONS = System.getProperty("bench.jvm.options", "-Xmx512m -XX:+UseSerialGC").trim()
            .split("\\s+");
    static final String PGBENCH = System.getProperty("bench.pgbench", "pgbench");
    /** The commit measured, as scripts/bench names it. */
    static final String REVISION = System.getProperty("bench.revision", "unknown revision");

    private BenchmarkSettings() {
    }

    static boolean runs(String scenario) {
        return SCENARIOS.contains(scenario);
    }

    /** Keeps the report as {@code target/benchmark-<name>.txt}, which scripts/bench prints. */
    static void publish(String name, String report) throws IOException {
        Files.writeString(Path.of("target", "benchmark-" + name + ".txt"), report + "\n");
    }
}
