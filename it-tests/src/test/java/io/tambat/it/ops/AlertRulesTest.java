package io.tambat.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The alert rules and the dashboard through {@code promtool} (Debian's {@code prometheus} package): the rules are
 * valid, their unit tests pass, and every dashboard query parses. Skipped where promtool is not installed, unless
 * {@code TAMBAT_REQUIRE_PROMTOOL} is set, as CI sets it.
 */
class AlertRulesTest {

    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    @TempDir
    Path work;

    @Test
    void theAlertRulesAreValid() throws Exception {
        assertThat(promtool("check", "rules", OpsDefinitions.ALERTS.toString())).contains("SUCCESS: 16 rules found");
    }

    @Test
    void theAlertRulesPassTheirUnitTests() throws Exception {
        assertThat(promtool("test", "rules", OpsDefinitions.ALERT_TESTS.toString())).contains("SUCCESS");
    }

    @Test
    void everyDashboardQueryParses() throws Exception {
        List<String> rules = new ArrayList<>(List.of("groups:", "  - name: dashboard", "    rules:"));
        List<String> queries = OpsDefinitions.dashboardQueries();
        for (int i = 0; i < queries.size(); i++) {
            rules.add("      - record: dashboard_query_" + i);
            rules.add("        expr: '" + queries.get(i).replace("'", "''") + "'");
        }
        Path file = work.resolve("dashboard-queries.yml");
        Files.write(file, rules, StandardCharsets.UTF_8);

        assertThat(promtool("check", "rules", file.toString()))
                .contains("SUCCESS: " + queries.size() + " rules found");
    }

    /** promtool's output, after checking it exited 0. */
    private static String promtool(String... arguments) throws IOException, InterruptedException {
        if (System.getenv("TAMBAT_REQUIRE_PROMTOOL") == null) {
            assumeThat(Files.isExecutable(PROMTOOL)).as("promtool is installed (Debian package prometheus)").isTrue();
        }
        List<String> command = new ArrayList<>(List.of(PROMTOOL.toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(output).isZero();
        return output;
    }
}
