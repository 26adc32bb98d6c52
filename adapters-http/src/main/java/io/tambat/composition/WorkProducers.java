package io.tambat.composition;

import static io.tambat.composition.Setting.BACKGROUND_MIN_SHARE;
import static io.tambat.composition.Setting.BACKGROUND_YIELD_LATENCY;
import static io.tambat.composition.Setting.BACKGROUND_YIELD_QUEUE;
import static io.tambat.composition.Setting.FAILPOINTS;
import static io.tambat.composition.Setting.PROCESSING_BATCH_SIZE;
import static io.tambat.composition.Setting.PROCESSING_ENABLED;
import static io.tambat.composition.Setting.PROCESSING_INITIAL_BACKOFF;
import static io.tambat.composition.Setting.PROCESSING_LEASE;
import static io.tambat.composition.Setting.PROCESSING_MAX_ATTEMPTS;
import static io.tambat.composition.Setting.PROCESSING_MAX_BACKOFF;
import static io.tambat.composition.Setting.PROCESSING_POLL_INTERVAL;
import static io.tambat.composition.Setting.PROCESSING_WORKERS;
import static io.tambat.composition.Setting.RETENTION_INTERVAL;

import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.Failpoints;
import io.tambat.application.work.WorkSettings;
import io.tambat.application.work.YieldSettings;
import io.tambat.domain.model.processing.RetryPolicy;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;

/**
 * What every work queue and background job runs with, read and checked once: {@link WorkSettings} (whether this
 * instance runs them, their retries, workers, batches, leases, polling and how often maintenance runs), the
 * {@link BackgroundYield} by which they give way to the requests that acknowledge, and the {@link Failpoints}
 * of resilience tests, inert unless configured.
 */
@ApplicationScoped
public class WorkProducers {

    @Inject
    Config config;

    @Inject
    SettingsReader reader;

    @Produces
    @Singleton
    WorkSettings workSettings() {
        RetryPolicy retry;
        try {
            retry = new RetryPolicy(reader.integer(PROCESSING_MAX_ATTEMPTS.key(), 10),
                    reader.duration(PROCESSING_INITIAL_BACKOFF.key(), "PT1S"),
                    reader.duration(PROCESSING_MAX_BACKOFF.key(), "PT10M"));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.processing.*", e.getMessage());
        }
        return new WorkSettings(
                config.getOptionalValue(PROCESSING_ENABLED.key(), Boolean.class).orElse(true),
                retry,
                reader.integer(PROCESSING_WORKERS.key(), 2),
                reader.integer(PROCESSING_BATCH_SIZE.key(), 20),
                reader.duration(PROCESSING_LEASE.key(), "PT30S"),
                reader.duration(PROCESSING_POLL_INTERVAL.key(), "PT0.2S"),
                reader.duration(RETENTION_INTERVAL.key(), "PT1H"));
    }

    /**
     * How background work yields to the requests that acknowledge ({@code tambat.background.*}); the gauge
     * follows its share.
     */
    @Produces
    @Singleton
    BackgroundYield backgroundYield(WorkMetricsPort metrics) {
        String minShare = BACKGROUND_MIN_SHARE.key();
        double least;
        try {
            least = Double.parseDouble(config.getOptionalValue(minShare, String.class).orElse("0.05").trim());
        } catch (NumberFormatException e) {
            throw new ConfigurationException(minShare, "not a number");
        }
        YieldSettings settings;
        try {
            settings = new YieldSettings(reader.duration(BACKGROUND_YIELD_LATENCY.key(), "PT0.025S"),
                    reader.integer(BACKGROUND_YIELD_QUEUE.key(), 32), least);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.background.*", e.getMessage());
        }
        return new BackgroundYield(settings, metrics::backgroundShare, System::nanoTime);
    }

    /** {@code tambat.failpoints}: {@code name}, {@code name@subject} (halt) or {@code name=pause:<duration>}. */
    @Produces
    @Singleton
    Failpoints failpoints() {
        Set<String> halts = new HashSet<>();
        Map<String, Duration> pauses = new HashMap<>();
        String key = FAILPOINTS.key();
        for (String entry : config.getOptionalValue(key, String[].class).orElse(new String[0])) {
            String[] nameAndPause = entry.trim().split("=pause:", 2);
            if (nameAndPause.length == 1) {
                halts.add(nameAndPause[0]);
            } else {
                pauses.put(nameAndPause[0], SettingsReader.parseDuration(key, nameAndPause[1]));
            }
        }
        return new Failpoints(halts, pauses);
    }
}
