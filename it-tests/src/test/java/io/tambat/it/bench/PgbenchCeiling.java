package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's own rate for one of Tambat's transactions, and the database CPU it costs: pgbench runs a script
 * of the same statements (the resources under {@code bench/}) against the same database, with as many clients
 * as the load has connections:
 * {@code pgbench -n -M prepared -c <clients> -j 2 -T <seconds> -f <script> -D name=value...}.
 */
final class PgbenchCeiling {

    private static final int THREADS = 2;
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");
    private static final Pattern LATENCY = Pattern.compile("latency average = ([0-9.]+) ms");
    private static final Pattern PROCESSED = Pattern.compile("number of transactions actually processed: (\\d+)");
    private static final Pattern FAILED = Pattern.compile("number of failed transactions: (\\d+)");

    private final String executable;
    private final CeilingSchema schema;
    private final int clients;
    private final DatabaseCpu databaseCpu;

    PgbenchCeiling(String executable, CeilingSchema schema, int clients, DatabaseCpu databaseCpu) {
        this.executable = executable;
        this.schema = schema;
        this.clients = clients;
        this.databaseCpu = databaseCpu;
    }

    /** Why pgbench cannot run here, or empty when {@code <executable> --version} answers. */
    static Optional<String> unavailable(String executable) {
        try {
            Process version = new ProcessBuilder(executable, "--version").redirectErrorStream(true).start();
            version.getInputStream().readAllBytes();
            return version.waitFor() == 0 ? Optional.empty()
                    : Optional.of(executable + " --version exited with " + version.exitValue());
        } catch (IOException e) {
            return Optional.of("pgbench not found (" + executable + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }

    String describe() {
        return "pgbench -n -M prepared -c " + clients + " -j " + THREADS + ", in schema " + schema.name()
                + " (made by the same migrations)";
    }

    /**
     * Runs the script (a resource under {@code bench/}) for the given seconds with the given variables, and
     * measures the database's CPU time over the run.
     */
    PgbenchResult run(String script, Map<String, String> variables, int seconds) {
        List<String> command = new ArrayList<>(List.of(executable, "-n", "-M", "prepared", "-c",
                String.valueOf(clients), "-j", String.valueOf(THREADS), "-T", String.valueOf(seconds),
                "-f", scriptFile(script).toString()));
        variables.forEach((name, value) -> command.addAll(List.of("-D", name + "=" + value)));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.put("PGHOST", TestDatabase.host());
        environment.put("PGPORT", String.valueOf(TestDatabase.port()));
        environment.put("PGDATABASE", TestDatabase.name());
        environment.put("PGUSER", TestDatabase.user());
        environment.put("PGPASSWORD", TestDatabase.password());
        environment.put("PGOPTIONS", "-c search_path=" + schema.name());
        try {
            DatabaseCpu.Stopwatch database = databaseCpu.stopwatch();
            Process pgbench = builder.start();
            String output = new String(pgbench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = pgbench.waitFor();
            Matcher tps = TPS.matcher(output);
            if (exit != 0 || !tps.find()) {
                throw new IllegalStateException("pgbench " + script + " exited with " + exit + ":\n" + output);
            }
            return new PgbenchResult(Double.parseDouble(tps.group(1)), number(LATENCY, output),
                    (long) number(PROCESSED, output), (long) number(FAILED, output), database.elapsedMillis());
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + executable, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static double number(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
    }

    /** pgbench reads files: the resource, copied under target/pgbench. */
    private static Path scriptFile(String script) {
        try (InputStream resource = PgbenchCeiling.class.getResourceAsStream("/bench/" + script)) {
            if (resource == null) {
                throw new IllegalStateException("no resource bench/" + script);
            }
            Path file = Path.of("target", "pgbench", script).toAbsolutePath();
            Files.createDirectories(file.getParent());
            Files.write(file, resource.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One pgbench run: its rate, the clients' average latency, transactions done and failed, and the database's
     * CPU time over it (NaN where it is not measured).
     */
    record PgbenchResult(double tps, double latencyAverageMillis, long transactions, long failed,
            double databaseCpuMillis) {

        /** Database CPU per transaction done; NaN where it is not measured. */
        double databaseCpuMillisPerTransaction() {
            return transactions == 0 ? Double.NaN : databaseCpuMillis / transactions;
        }
    }
}
