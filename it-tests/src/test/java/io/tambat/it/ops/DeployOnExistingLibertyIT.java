package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.FreePorts;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/deploying.md, done on a plain Liberty server: a server created with {@code bin/server create} from the
 * runtime the build unpacked, given what the guide lists (tambat-app.xml included from its server.xml, the
 * PostgreSQL driver, tambat.war in apps, the JVM options, the settings in server.env) and started with
 * {@code bin/server start}. It becomes ready on the application's own checks, stores a signed delivery, verifies
 * an operator token, and stops with {@code bin/server stop}.
 */
class DeployOnExistingLibertyIT {

    private static final String SERVER = "shopServer";
    private static final String SCHEMA = "tambat_existing";
    private static final Duration COMMAND = Duration.ofMinutes(3);
    private static final Duration READY = Duration.ofSeconds(120);
    private static final Pattern MAX_HEAP = Pattern.compile("(?m)^memory_maxHeap_bytes\\{[^}]*\\} (\\S+)$");
    private static final Pattern INSTALLED_FEATURES = Pattern.compile("CWWKF0012I: [^\\[]*\\[([^\\]]*)\\]");

    @Test
    void tambatWarRunsOnAnExistingServerConfiguredAsTheGuideSays() throws Exception {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        Path userDir = freshDirectory(Path.of(System.getProperty("tambat.it.work", "target/it-work"),
                "existing-liberty").toAbsolutePath());
        assertThat(server(userDir, "create", SERVER)).isZero();
        Path serverDir = userDir.resolve("servers").resolve(SERVER);
        int httpPort = FreePorts.next();

        Files.copy(LibertyConfiguration.APPLICATION_XML, serverDir.resolve("tambat-app.xml"));
        Files.createDirectories(serverDir.resolve("configDropins/defaults"));
        Files.copy(LibertyConfiguration.WAR_XML, serverDir.resolve("configDropins/defaults/tambat-war.xml"));
        Files.writeString(serverDir.resolve("server.xml"), serverXml(httpPort, FreePorts.next()));
        Files.createDirectories(serverDir.resolve("jdbc"));
        Files.copy(postgresqlDriver(), serverDir.resolve("jdbc/postgresql.jar"));
        Files.copy(Path.of("target/wars/adapters-http.war"), serverDir.resolve("apps/tambat.war"));
        Files.writeString(serverDir.resolve("jvm.options"), Files.readString(LibertyConfiguration.JVM_OPTIONS)
                // Test servers live for seconds: the C1 compiler alone makes them ready sooner on two cores.
                + "-XX:TieredStopAtLevel=1\n");
        // server create wrote the keystore password without a final newline.
        Files.writeString(serverDir.resolve("server.env"), "\n" + settings().entrySet().stream()
                .map(setting -> setting.getKey() + "=" + setting.getValue() + "\n").collect(Collectors.joining()),
                StandardOpenOption.APPEND);

        assertThat(server(userDir, "start", SERVER)).isZero();
        try {
            URI base = URI.create("http://127.0.0.1:" + httpPort + "/");
            Eventually.within(READY, () -> assertThat(applicationChecks(base)).contains("database", "secrets"));

            String messageId = StandardDeliveries.newMessageId();
            HttpResponse<String> delivery = StandardDeliveries.send(base.resolve("webhooks/standard/payments"),
                    StandardDeliveries.SECRET, messageId, ("{\"type\":\"payment.updated\",\"data\":{\"object\":"
                            + "\"payment\",\"id\":\"pay_1\",\"version\":1,\"status\":\"succeeded\"}}")
                            .getBytes(StandardCharsets.UTF_8));
            assertThat(delivery.statusCode()).as(delivery.body()).isEqualTo(200);
            assertThat(Http.json(delivery).getString("status")).isEqualTo("accepted");
            assertThat(db.inboxRows("standard", "payments", messageId)).isEqualTo(1);

            HttpResponse<String> inbox = new AdminClient(base).get("admin/inbox?limit=1");
            assertThat(inbox.statusCode()).as(inbox.body()).isEqualTo(200);

            // The guide's jvm.options reached the server's JVM: -Xmx512m, less what the collector keeps aside.
            assertThat(maxHeapBytes(base)).isBetween(256L << 20, 512L << 20);

            String log = Files.readString(serverDir.resolve("logs/messages.log"));
            // The token configuration was processed, which it is only once the server has a keystore.
            assertThat(log).contains("CWWKS5500I: The MicroProfile JWT configuration [defaultMpJwt] was");
            assertThat(installedFeatures(log)).containsAll(LibertyConfiguration.productFeatures());
        } finally {
            assertThat(server(userDir, "stop", SERVER)).isZero();
        }
    }

    /** The shop's own server.xml: its endpoint, plus what the guide adds (the include and httpOptionsRef). */
    private static String serverXml(int httpPort, int httpsPort) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <server description="an existing server">
                  <httpEndpoint id="defaultHttpEndpoint" host="127.0.0.1" httpPort="%d" httpsPort="%d"
                                httpOptionsRef="tambatHttpOptions"/>
                  <include location="tambat-app.xml"/>
                </server>
                """.formatted(httpPort, httpsPort);
    }

    /** What the guide says to set, in server.env here. */
    private static Map<String, String> settings() throws URISyntaxException {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("TAMBAT_DB_URL", "jdbc:postgresql://" + TestDatabase.host() + ":" + TestDatabase.port() + "/"
                + TestDatabase.name());
        settings.put("TAMBAT_DB_USER", TestDatabase.user());
        settings.put("TAMBAT_DB_PASSWORD", TestDatabase.password());
        settings.put("TAMBAT_DB_SCHEMA", SCHEMA);
        settings.put("TAMBAT_PAYLOAD_KEYS", "k1:" + Base64.getEncoder().encodeToString(key));
        settings.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                Path.of("src/test/resources/jwt-test-public.pem").toAbsolutePath().toUri().toString());
        settings.put("MP_JWT_VERIFY_ISSUER", OperatorTokens.ISSUER);
        settings.put("TAMBAT_WEBHOOKS_ENDPOINTS", "payments");
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_PAYMENTS_PROVIDER", "standard");
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_PAYMENTS_SECRETS", "v1:" + StandardDeliveries.SECRET);
        return settings;
    }

    /**
     * The names of the checks behind an UP readiness answer. Liberty answers UP with no checks at all while the
     * application is not running, so only the application's own checks say it is ready.
     */
    private static List<String> applicationChecks(URI base) {
        HttpResponse<String> response = Http.send(Http.request(base.resolve("health/ready")).GET().build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response).getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .map(check -> check.getString("name")).toList();
    }

    /** The JVM's maximum heap as MicroProfile Metrics reports it. */
    private static long maxHeapBytes(URI base) {
        HttpResponse<String> metrics = Http.send(Http.request(base.resolve("metrics?scope=base")).GET().build());
        assertThat(metrics.statusCode()).isEqualTo(200);
        Matcher matcher = MAX_HEAP.matcher(metrics.body());
        assertThat(matcher.find()).as(metrics.body()).isTrue();
        return (long) Double.parseDouble(matcher.group(1));
    }

    /** The features Liberty reports installed (CWWKF0012I). */
    private static List<String> installedFeatures(String log) {
        Matcher matcher = INSTALLED_FEATURES.matcher(log);
        assertThat(matcher.find()).as("CWWKF0012I in messages.log").isTrue();
        return Arrays.stream(matcher.group(1).split(",")).map(String::strip).toList();
    }

    /** The driver jar the tests connect with, the one Maven Central serves. */
    private static Path postgresqlDriver() throws URISyntaxException {
        return Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Runs {@code bin/server} of the build's Liberty runtime with the given user directory; its exit code. */
    private static int server(Path userDir, String... arguments) throws IOException, InterruptedException {
        Path wlp = Path.of(System.getProperty("tambat.it.wlp.home", "../adapters-http/target/liberty/wlp"));
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(Stream.of(wlp.resolve("bin/server").toString()),
                Stream.of(arguments)).toList()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(userDir.resolve("server-commands.log").toFile()));
        builder.environment().put("WLP_USER_DIR", userDir.toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(COMMAND.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("bin/server " + String.join(" ", arguments) + " still running after "
                    + COMMAND);
        }
        return process.exitValue();
    }

    private static Path freshDirectory(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        return Files.createDirectories(directory);
    }
}
