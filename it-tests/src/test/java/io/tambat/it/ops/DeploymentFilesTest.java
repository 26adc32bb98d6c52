package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The container file and the deployment guide carry the configuration the product runs. No container engine runs
 * in the build, so the container file is checked here, by reading it, rather than built: the image gets the same
 * server files, the same features, the WAR, the driver and the JVM options, on the Liberty release the build uses.
 */
class DeploymentFilesTest {

    /** A backquoted Liberty feature name in the guide, such as {@code `mpJwt-2.1`}. */
    private static final Pattern GUIDE_FEATURE = Pattern.compile("`([A-Za-z]+-\\d+\\.\\d+)`");

    @Test
    void theImageEnablesExactlyTheFeaturesOfTheProductsServer() throws IOException {
        Map<String, Path> image = imageFiles();

        Set<String> imageFeatures = LibertyConfiguration.features(image.get("/config/server.xml"),
                location -> image.get("/config/" + location));

        assertThat(imageFeatures).hasSizeGreaterThan(10).isEqualTo(LibertyConfiguration.productFeatures());
    }

    @Test
    void theImageRunsTheProductsServerFilesTheWarTheDriverAndTheJvmOptions() throws IOException {
        Map<String, Path> image = imageFiles();

        assertThat(image.get("/config/server.xml")).isEqualTo(LibertyConfiguration.SERVER_XML.normalize());
        assertThat(image.get("/config/tambat-app.xml")).isEqualTo(LibertyConfiguration.APPLICATION_XML.normalize());
        assertThat(image.get("/config/management-port.xml"))
                .isEqualTo(LibertyConfiguration.PRODUCT_CONFIG.resolve("management-port.xml").normalize());
        assertThat(image.get("/config/bootstrap.properties"))
                .isEqualTo(LibertyConfiguration.PRODUCT_CONFIG.resolve("bootstrap.properties").normalize());
        assertThat(image.get("/config/jvm.options")).isEqualTo(LibertyConfiguration.JVM_OPTIONS.normalize());
        assertThat(image.get("/config/apps/tambat.war")).isEqualTo(Path.of("..", "adapters-http", "target",
                "tambat.war").normalize());
        assertThat(image.get("/config/configDropins/defaults/tambat-war.xml"))
                .isEqualTo(LibertyConfiguration.WAR_XML.normalize());
        // The path the datasource's library names: ${server.config.dir}/jdbc/postgresql.jar.
        assertThat(image.get("/config/jdbc/postgresql.jar")).hasFileName("postgresql.jar");
        assertThat(Files.readString(LibertyConfiguration.APPLICATION_XML))
                .contains("${server.config.dir}/jdbc/postgresql.jar");
    }

    @Test
    void theImageInstallsItsFeaturesAfterItsConfigurationAndIsOnTheBuildsLibertyRelease() throws IOException {
        List<String> instructions = instructions();

        assertThat(instructions).filteredOn(line -> line.startsWith("FROM ")).containsExactly(
                "FROM icr.io/appcafe/open-liberty:" + LibertyConfiguration.runtimeVersion()
                        + "-kernel-slim-java17-openj9-ubi");
        // features.sh reads the configuration already in place; configure.sh finishes an image the WAR is in.
        int features = instructions.indexOf("RUN features.sh");
        int configure = instructions.indexOf("RUN configure.sh");
        assertThat(instructions.subList(0, Math.max(features, 0)))
                .anyMatch(line -> line.endsWith("server.xml /config/"))
                .anyMatch(line -> line.endsWith("tambat-app.xml /config/"));
        assertThat(instructions.subList(features, Math.max(configure, features)))
                .anyMatch(line -> line.endsWith("tambat.war /config/apps/"));
    }

    @Test
    void theGuideNamesExactlyTheFeaturesOfTheProductsServer() throws IOException {
        Set<String> named = new TreeSet<>();
        Matcher matcher = GUIDE_FEATURE.matcher(Files.readString(LibertyConfiguration.GUIDE));
        while (matcher.find()) {
            named.add(matcher.group(1));
        }

        assertThat(named).isEqualTo(LibertyConfiguration.productFeatures());
    }

    /** Where each file the image copies in lands, as repository paths relative to it-tests. */
    private static Map<String, Path> imageFiles() throws IOException {
        Map<String, Path> files = new LinkedHashMap<>();
        for (String instruction : instructions()) {
            if (!instruction.startsWith("COPY ")) {
                continue;
            }
            List<String> words = Arrays.stream(instruction.split("\\s+")).skip(1)
                    .filter(word -> !word.startsWith("--")).toList();
            String destination = words.get(words.size() - 1);
            for (String source : words.subList(0, words.size() - 1)) {
                Path file = Path.of("..").resolve(source).normalize();
                files.put(destination.endsWith("/") ? destination + file.getFileName() : destination, file);
            }
        }
        return files;
    }

    /** The container file's instructions, one a line, continuations joined and comments left out. */
    private static List<String> instructions() throws IOException {
        String text = Files.readString(LibertyConfiguration.CONTAINERFILE).replace("\\\n", " ");
        return text.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }
}
