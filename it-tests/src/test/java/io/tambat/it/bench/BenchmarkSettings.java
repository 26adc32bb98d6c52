package io.tambat.it.bench;

import io.tambat.it.support.Http;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** What scripts/bench passes to every benchmark, and where a benchmark's report goes. */
final class BenchmarkSettings {

    static final int RATE = Integer.getInteger("bench.rate", 2000);
    static final int SECONDS = Integer.getInteger("bench.seconds", 20);
    static final int CONNECTIONS = Integer.getInteger("bench.connections", 64);
    static final int WARM_UP_RATE = Math.min(RATE, 500);
    static final int WARM_UP_SECONDS = 5;

    private BenchmarkSettings() {
    }

    /** Prints the report and keeps it as {@code target/benchmark-<name>.txt}. */
    static void publish(String name, String report) throws IOException {
        System.out.println(report);
        Files.writeString(Path.of("target", "benchmark-" + name + ".txt"), report + "\n");
    }

    /** The server's own lines of the named metrics, from its Prometheus output. */
    static String serverMetrics(URI base, String... prefixes) {
        return Http.send(Http.request(base.resolve("metrics?scope=application")).GET().build()).body().lines()
                .filter(line -> Arrays.stream(prefixes).anyMatch(line::startsWith))
                .map(line -> "  " + line)
                .collect(Collectors.joining("\n"));
    }
}
