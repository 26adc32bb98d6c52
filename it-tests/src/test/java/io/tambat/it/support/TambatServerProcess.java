package io.tambat.it.support;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shipped runnable jar as its own process, configured by environment variables only, as a deployer
 * runs it. Tests that must kill the server, or start it while the database is away, use this.
 */
public final class TambatServerProcess implements AutoCloseable {

    /** The exit status of a server a failpoint halted (as a kill -9 would end it). */
    public static final int HALTED = 137;

    private final String name;
    private final int httpPort;
    private final Map<String, String> environment;
    /** Where /health answers: the public port, or the management port once one is set. */
    private URI healthBase;
    /**
     * A test server lives for seconds: with the C1 compiler alone it is ready about a third sooner on two
     * cores, where the optimizing compiler would compete with start-up for the CPU.
     */
    private boolean quickStart = true;
    private final List<String> jvmOptions = new ArrayList<>();
    private Process process;

    private TambatServerProcess(String name, int httpPort, Map<String, String> environment) {
        this.name = name;
        this.httpPort = httpPort;
        this.environment = environment;
        this.healthBase = baseUri();
    }

    /**
     * A server on a free port whose database connections go to {@code dbPort} (a proxy, usually), in its own
     * schema, with the given extra configuration as environment variables.
     */
    public static TambatServerProcess configured(String name, int dbPort, String schema, Map<String, String> extra) {
        int httpPort = FreePorts.next();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TAMBAT_HTTP_PORT", String.valueOf(httpPort));
        environment.put("TAMBAT_HTTPS_PORT", String.valueOf(FreePorts.next()));
        environment.put("TAMBAT_DB_URL", "jdbc:postgresql://127.0.0.1:" + dbPort + "/" + TestDatabase.name());
        environment.put("TAMBAT_DB_USER", TestDatabase.user());
        environment.put("TAMBAT_DB_PASSWORD", TestDatabase.password());
        environment.put("TAMBAT_DB_SCHEMA", schema);
        environment.put("TAMBAT_PAYLOAD_KEYS", "it1:U3o5FiBNDMMkSLjndPBxWI2fdTk7L0mHAAjQNwM6xeA=");
        environment.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                Path.of("src/test/resources/jwt-test-public.pem").toAbsolutePath().toUri().toString());
        environment.put("MP_JWT_VERIFY_ISSUER", OperatorTokens.ISSUER);
        // A ready keystore spares every start the generation of a self-signed certificate.
        environment.put("TAMBAT_KEYSTORE", Path.of("src/test/resources/test-keystore.p12").toAbsolutePath().toString());
        environment.put("TAMBAT_KEYSTORE_PASSWORD", "tambat-test");
        environment.putAll(extra);
        return new TambatServerProcess(name, httpPort, environment);
    }

    /**
     * Serves /health, /metrics and /openapi on a port of their own, on loopback only ({@code TAMBAT_MANAGEMENT_PORT}):
     * the waits for liveness and readiness then ask there.
     */
    public TambatServerProcess withManagementPort() {
        int managementPort = FreePorts.next();
        environment.put("TAMBAT_MANAGEMENT_PORT", String.valueOf(managementPort));
        environment.put("TAMBAT_MANAGEMENT_HOST", "127.0.0.1");
        healthBase = URI.create("http://127.0.0.1:" + managementPort + "/");
        return this;
    }

    /** The management port's root, or the public one's when the server has no management port of its own. */
    public URI managementUri() {
        return healthBase;
    }

    /** Sets an environment variable, or replaces it, to start the server with it. */
    public TambatServerProcess with(String variable, String value) {
        environment.put(variable, value);
        return this;
    }

    /** Leaves an environment variable out, to start the server without it. */
    public TambatServerProcess without(String variable) {
        environment.remove(variable);
        return this;
    }

    /** Runs the JVM with both compilers, as deployers do: for measuring throughput rather than for tests. */
    public TambatServerProcess withFullCompilation() {
        quickStart = false;
        return this;
    }

    /**
     * Adds options to the server's JVM command line, after the defaults: a later {@code -Xmx} replaces the
     * default heap of 1 GiB.
     */
    public TambatServerProcess withJvmOptions(String... options) {
        jvmOptions.addAll(List.of(options));
        return this;
    }

    /** Waits for the process to end by itself and returns its exit code. */
    public int awaitExit(Duration limit) {
        try {
            if (!process.waitFor(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " still running after " + limit);
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Everything the server printed so far. */
    public String console() {
        try {
            return Files.readString(workDirectory().resolve("console.log"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + httpPort + "/");
    }

    public int httpPort() {
        return httpPort;
    }

    public TambatServerProcess start() {
        Path work = workDirectory();
        try {
            Files.createDirectories(work);
            Files.deleteIfExists(work.resolve("console.log"));
            List<String> command = new ArrayList<>(List.of(javaExecutable(), "-Xmx1g"));
            if (quickStart) {
                command.add("-XX:TieredStopAtLevel=1");
            }
            command.addAll(jvmOptions);
            command.addAll(List.of("-jar", jar().getAbsolutePath()));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(work.resolve("console.log").toFile());
            builder.environment().putAll(environment);
            // The runnable jar refuses to extract into a directory that exists: one fresh directory per start.
            builder.environment().put("WLP_JAR_EXTRACT_DIR",
                    work.resolve("extract-" + System.currentTimeMillis()).toString());
            process = builder.start();
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + name, e);
        }
    }

    /** Waits until the HTTP port answers, ready or not. */
    public TambatServerProcess awaitListening(Duration limit) {
        return awaitHealth("health/live", limit);
    }

    /** Waits until readiness reports UP. */
    public TambatServerProcess awaitReady(Duration limit) {
        return awaitHealth("health/ready", limit);
    }

    public int readinessStatus() {
        return Http.send(Http.request(healthBase.resolve("health/ready")).GET().build()).statusCode();
    }

    /** The operating system's id of the server process (the runnable jar runs the server in this JVM). */
    public long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown hook, no graceful drain, exactly like a crash. */
    public void kill() {
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            waitForExit();
        }
    }

    /** SIGSTOP: every thread of the JVM freezes at once, as in a long GC pause or a suspended VM. */
    public void suspend() {
        signal("STOP");
    }

    /** SIGCONT after {@link #suspend()}: the JVM runs on as if no time had passed, its timers catching up. */
    public void resume() {
        signal("CONT");
    }

    private void signal(String signal) {
        try {
            int exit = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start()
                    .waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -" + signal + " " + name + " exited with " + exit);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            waitForExit();
            if (process.isAlive()) {
                kill();
            }
        }
    }

    private void waitForExit() {
        try {
            process.waitFor(Duration.ofSeconds(30).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private TambatServerProcess awaitHealth(String path, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see its console.log");
            }
            try {
                HttpResponse<String> response = Http.send(Http.request(healthBase.resolve(path)).GET().build());
                if (response.statusCode() == 200) {
                    return this;
                }
            } catch (IllegalStateException notListeningYet) {
                // the port is not open yet
            }
            sleep(Duration.ofMillis(250));
        }
        throw new IllegalStateException(name + " not answering 200 on /" + path + " within " + limit);
    }

    private Path workDirectory() {
        return Path.of(System.getProperty("tambat.it.work", "target/it-work"), name);
    }

    private static File jar() {
        File jar = new File(System.getProperty("tambat.it.jar", "../adapters-http/target/tambat.jar"));
        if (!jar.isFile()) {
            throw new IllegalStateException("the runnable jar is built by adapters-http: " + jar);
        }
        return jar;
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
