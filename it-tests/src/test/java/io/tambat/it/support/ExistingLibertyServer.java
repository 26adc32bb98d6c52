package io.tambat.it.support;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A plain Liberty server as docs/deploying.md has a shop prepare one: created with {@code bin/server create}
 * from the runtime the build unpacked, given tambat-app.xml (included from the shop's own server.xml), the
 * PostgreSQL driver, tambat.war in apps, the JVM options and the settings in server.env, then run with
 * {@code bin/server start} and {@code stop}.
 */
public final class ExistingLibertyServer implements AutoCloseable {

    public static final Path PRODUCT_CONFIG = Path.of("..", "adapters-http", "src", "main", "liberty", "config");
    public static final Path APPLICATION_XML = PRODUCT_CONFIG.resolve("tambat-app.xml");
    public static final Path WAR_XML = PRODUCT_CONFIG.resolve("configDropins/defaults/tambat-war.xml");
    public static final Path JVM_OPTIONS = Path.of("..", "ops", "liberty", "jvm.options");

    private static final Duration COMMAND = Duration.ofMinutes(3);

    private final Path userDir;
    private final String name;
    private final int httpPort = FreePorts.next();
    private boolean started;

    private ExistingLibertyServer(Path userDir, String name) {
        this.userDir = userDir;
        this.name = name;
    }

    /** A new server in a fresh user directory of its own, as {@code bin/server create} makes it. */
    public static ExistingLibertyServer created(String directory, String name) {
        ExistingLibertyServer server = new ExistingLibertyServer(freshDirectory(Path.of(System.getProperty(
                "tambat.it.work", "target/it-work"), directory).toAbsolutePath()), name);
        server.command("create");
        return server;
    }

    public Path directory() {
        return userDir.resolve("servers").resolve(name);
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + httpPort + "/");
    }

    /**
     * What the guide lists, with the shop's own server.xml: its endpoint on this server's port, what the guide
     * adds to it (the include and httpOptionsRef), and {@code more} of the shop's configuration.
     */
    public ExistingLibertyServer withTambat(Map<String, String> settings, String more) {
        try {
            Path serverDir = directory();
            Files.copy(APPLICATION_XML, serverDir.resolve("tambat-app.xml"));
            Files.createDirectories(serverDir.resolve("configDropins/defaults"));
            Files.copy(WAR_XML, serverDir.resolve("configDropins/defaults/tambat-war.xml"));
            Files.writeString(serverDir.resolve("server.xml"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <server description="an existing server">
                      <httpEndpoint id="defaultHttpEndpoint" host="127.0.0.1" httpPort="%d" httpsPort="%d"
                                    httpOptionsRef="tambatHttpOptions"/>
                      <include location="tambat-app.xml"/>
                    %s</server>
                    """.formatted(httpPort, FreePorts.next(), more));
            Files.createDirectories(serverDir.resolve("jdbc"));
            Files.copy(postgresqlDriver(), serverDir.resolve("jdbc/postgresql.jar"));
            Files.copy(Path.of("target/wars/adapters-http.war"), serverDir.resolve("apps/tambat.war"));
            Files.writeString(serverDir.resolve("jvm.options"), Files.readString(JVM_OPTIONS)
                    // Test servers live for seconds: the C1 compiler alone makes them ready sooner on two cores.
                    + "-XX:TieredStopAtLevel=1\n");
            // server create wrote the keystore password without a final newline.
            Files.writeString(serverDir.resolve("server.env"), "\n" + settings.entrySet().stream()
                    .map(setting -> setting.getKey() + "=" + setting.getValue() + "\n").collect(Collectors.joining()),
                    StandardOpenOption.APPEND);
            return this;
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot prepare server " + name, e);
        }
    }

    /** What the guide says to set for the database, payload keys and tokens, in this schema. */
    public static Map<String, String> requiredSettings(String schema) {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("TAMBAT_DB_URL", "jdbc:postgresql://" + TestDatabase.host() + ":" + TestDatabase.port() + "/"
                + TestDatabase.name());
        settings.put("TAMBAT_DB_USER", TestDatabase.user());
        settings.put("TAMBAT_DB_PASSWORD", TestDatabase.password());
        settings.put("TAMBAT_DB_SCHEMA", schema);
        settings.put("TAMBAT_PAYLOAD_KEYS", "k1:" + Base64.getEncoder().encodeToString(key));
        settings.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                Path.of("src/test/resources/jwt-test-public.pem").toAbsolutePath().toUri().toString());
        settings.put("MP_JWT_VERIFY_ISSUER", OperatorTokens.ISSUER);
        return settings;
    }

    public ExistingLibertyServer start() {
        if (command("start") != 0) {
            throw new IllegalStateException("bin/server start " + name + " failed; see " + userDir
                    .resolve("server-commands.log"));
        }
        started = true;
        return this;
    }

    /** {@code bin/server stop}; its exit code. */
    public int stop() {
        started = false;
        return command("stop");
    }

    @Override
    public void close() {
        if (started) {
            stop();
        }
    }

    /** Runs {@code bin/server} of the build's Liberty runtime on this server; its exit code. */
    private int command(String command) {
        Path wlp = Path.of(System.getProperty("tambat.it.wlp.home", "../adapters-http/target/liberty/wlp"));
        ProcessBuilder builder = new ProcessBuilder(List.of(wlp.resolve("bin/server").toString(), command, name))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(userDir.resolve("server-commands.log").toFile()));
        builder.environment().put("WLP_USER_DIR", userDir.toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        try {
            Process process = builder.start();
            if (!process.waitFor(COMMAND.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("bin/server " + command + " " + name + " still running after "
                        + COMMAND);
            }
            return process.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The driver jar the tests connect with, the one Maven Central serves. */
    private static Path postgresqlDriver() throws URISyntaxException {
        return Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Path freshDirectory(Path directory) {
        try {
            if (Files.exists(directory)) {
                try (Stream<Path> files = Files.walk(directory)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
            return Files.createDirectories(directory);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
