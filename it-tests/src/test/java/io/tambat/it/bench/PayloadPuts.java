package io.tambat.it.bench;

import io.tambat.it.support.Http;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's timer of payload puts in the object store, {@value #TIMER}, read from its {@code /metrics}
 * (Prometheus text): its count and sum, whose differences over a run give the run's puts and their mean, and its
 * p50 and p99, which MicroProfile Metrics computes over a sliding window of recent puts: read at the end of a run
 * they are mostly that run's, not that run's alone.
 */
final class PayloadPuts {

    static final String TIMER = "tambat_payload_object_put_seconds";
    private static final Pattern QUANTILE = Pattern.compile("quantile=\"([^\"]*)\"");

    private final URI metrics;

    /** The timer of the server at {@code base}. */
    PayloadPuts(URI base) {
        this.metrics = base.resolve("metrics?scope=application");
    }

    /** The timer now. */
    Reading read() {
        HttpResponse<String> response = Http.send(Http.request(metrics).GET().build());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(metrics + " answered " + response.statusCode());
        }
        return Reading.parse(response.body());
    }

    /** For a report: the puts of each run, their mean and the timer's quantiles at its end, then the medians. */
    static String describe(List<Run> runs) {
        ReportTable table = new ReportTable("round", "puts", "mean ms", "p50 ms", "p99 ms");
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            table.row(String.valueOf(i + 1), Figures.count(run.puts()), millis(run.meanMillis()),
                    millis(run.p50Millis()), millis(run.p99Millis()));
        }
        table.row("median", Figures.rate(median(runs, Run::puts)), millis(median(runs, Run::meanMillis)),
                millis(median(runs, Run::p50Millis)), millis(median(runs, Run::p99Millis)));
        return "  payload puts in the object store (" + TIMER + "): each run's puts and their mean (the timer's sum\n"
                + "  over its count, across the run), and the timer's p50 and p99 at the run's end (over its recent "
                + "puts):\n" + table;
    }

    private static String millis(double millis) {
        return Double.isNaN(millis) ? "-" : Figures.millis(millis);
    }

    private static double median(List<Run> runs, ToDoubleFunction<Run> figure) {
        double[] sorted = runs.stream().mapToDouble(figure).filter(value -> !Double.isNaN(value)).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /**
     * The timer at one moment; NaN for whatever the server did not export (no put yet, or no object store).
     *
     * @param count puts so far
     * @param sumSeconds their time together
     */
    record Reading(double count, double sumSeconds, double p50Seconds, double p99Seconds) {

        /** The timer's lines among the metrics, in Prometheus text. */
        static Reading parse(String prometheusText) {
            double count = Double.NaN;
            double sum = Double.NaN;
            double p50 = Double.NaN;
            double p99 = Double.NaN;
            for (String line : prometheusText.split("\n")) {
                if (!line.startsWith(TIMER)) {
                    continue;
                }
                int labelsStart = line.indexOf('{');
                int nameEnd = line.indexOf(' ');
                String name;
                String labels = "";
                String rest;
                if (labelsStart >= 0 && (nameEnd < 0 || labelsStart < nameEnd)) {
                    int labelsEnd = line.indexOf('}', labelsStart);
                    name = line.substring(0, labelsStart);
                    labels = line.substring(labelsStart + 1, labelsEnd);
                    rest = line.substring(labelsEnd + 1);
                } else if (nameEnd >= 0) {
                    name = line.substring(0, nameEnd);
                    rest = line.substring(nameEnd);
                } else {
                    continue;
                }
                double value = number(rest.trim().split("\\s+")[0]);
                if (name.equals(TIMER + "_count")) {
                    count = value;
                } else if (name.equals(TIMER + "_sum")) {
                    sum = value;
                } else if (name.equals(TIMER)) {
                    Matcher quantile = QUANTILE.matcher(labels);
                    if (quantile.find()) {
                        double q = number(quantile.group(1));
                        if (q == 0.5) {
                            p50 = value;
                        } else if (q == 0.99) {
                            p99 = value;
                        }
                    }
                }
            }
            return new Reading(count, sum, p50, p99);
        }

        /** The puts since {@code earlier}, their mean, and this reading's quantiles. */
        Run since(Reading earlier) {
            double puts = count - earlier.count;
            return new Run(Double.isNaN(puts) ? 0 : Math.round(puts),
                    puts > 0 ? (sumSeconds - earlier.sumSeconds) / puts * 1000 : Double.NaN,
                    p50Seconds * 1000, p99Seconds * 1000);
        }

        /** A value in Prometheus text: a number, {@code NaN}, {@code +Inf} or {@code -Inf}. */
        private static double number(String text) {
            return switch (text) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
        }
    }

    /**
     * The puts of one run.
     *
     * @param meanMillis their mean; NaN without puts
     * @param p50Millis the timer's p50 at the run's end, over its recent puts
     * @param p99Millis the same for the p99
     */
    record Run(long puts, double meanMillis, double p50Millis, double p99Millis) {
    }
}
