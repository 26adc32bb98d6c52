package io.tambat.it.ops;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The files of {@code ops/} as the tests read them: the dashboard's queries and the metric names used. */
final class OpsDefinitions {

    static final Path OPS = Path.of("..", "ops");
    static final Path ALERTS = OPS.resolve("prometheus/alerts.yml");
    static final Path ALERT_TESTS = OPS.resolve("prometheus/alerts.test.yml");
    static final Path DASHBOARD = OPS.resolve("grafana/tambat.json");

    /** A metric name of Tambat's, of Liberty's vendor scope or of MicroProfile's base scope. */
    private static final Pattern METRIC = Pattern.compile(
            "\\b((?:tambat|memory|cpu|gc|thread|threadpool|connectionpool|classloader|jvm)_[A-Za-z0-9_]+)\\b");

    private OpsDefinitions() {
    }

    /** Every query of every dashboard panel, with the dashboard's {@code $instance} variable meaning any. */
    static List<String> dashboardQueries() {
        JsonObject dashboard;
        try (JsonReader reader = Json.createReader(Files.newBufferedReader(DASHBOARD))) {
            dashboard = reader.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> queries = new ArrayList<>();
        for (JsonValue panel : dashboard.getJsonArray("panels")) {
            JsonObject object = panel.asJsonObject();
            if (object.containsKey("targets")) {
                for (JsonValue target : object.getJsonArray("targets")) {
                    queries.add(target.asJsonObject().getString("expr").replace("$instance", ".*"));
                }
            }
        }
        return queries;
    }

    /** The metric names the dashboard's queries and the alert rules name. */
    static Set<String> metricNamesUsed() {
        Set<String> names = new TreeSet<>();
        dashboardQueries().forEach(query -> names.addAll(metricNames(query)));
        try {
            // The whole file: a metric an annotation points the reader to must exist as much as one a rule reads.
            names.addAll(metricNames(Files.readString(ALERTS)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static Set<String> metricNames(String text) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }
}
