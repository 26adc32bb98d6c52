package io.tambat.composition;

import static io.tambat.composition.Setting.BACKGROUND_MIN_SHARE;
import static io.tambat.composition.Setting.BACKGROUND_YIELD_LATENCY;
import static io.tambat.composition.Setting.BACKGROUND_YIELD_QUEUE;
import static io.tambat.composition.Setting.DOWNSTREAM_TIMEOUT;
import static io.tambat.composition.Setting.ENDPOINT_API_KEY;
import static io.tambat.composition.Setting.FAILPOINTS;
import static io.tambat.composition.Setting.IDEMPOTENCY_RETENTION;
import static io.tambat.composition.Setting.IDEMPOTENCY_REUSE_STATUS;
import static io.tambat.composition.Setting.IDEMPOTENCY_WAIT;
import static io.tambat.composition.Setting.INVENTORY_URL;
import static io.tambat.composition.Setting.ORDERS_COUPONS;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_COMMITTERS;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_MAX_WAIT;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_MAX_WEIGHT;
import static io.tambat.composition.Setting.ORDERS_MAX_BODY_BYTES;
import static io.tambat.composition.Setting.PAYLOAD_ROW_KEYS;
import static io.tambat.composition.Setting.PAYMENTS_URL;
import static io.tambat.composition.Setting.PROCESSING_BATCH_SIZE;
import static io.tambat.composition.Setting.PROCESSING_ENABLED;
import static io.tambat.composition.Setting.PROCESSING_INITIAL_BACKOFF;
import static io.tambat.composition.Setting.PROCESSING_LEASE;
import static io.tambat.composition.Setting.PROCESSING_MAX_ATTEMPTS;
import static io.tambat.composition.Setting.PROCESSING_MAX_BACKOFF;
import static io.tambat.composition.Setting.PROCESSING_POLL_INTERVAL;
import static io.tambat.composition.Setting.PROCESSING_SEQUENCE_GAP_WINDOW;
import static io.tambat.composition.Setting.PROCESSING_WORKERS;
import static io.tambat.composition.Setting.PROVIDERS_TIMEOUT;
import static io.tambat.composition.Setting.PROVIDER_API_KEY;
import static io.tambat.composition.Setting.PROVIDER_API_URL;
import static io.tambat.composition.Setting.RECONCILIATION_INTERVAL;
import static io.tambat.composition.Setting.RECONCILIATION_LATE_AFTER;
import static io.tambat.composition.Setting.RECONCILIATION_WINDOW;
import static io.tambat.composition.Setting.RETENTION_FAILED_PAYLOADS;
import static io.tambat.composition.Setting.RETENTION_FINISHED_ROWS;
import static io.tambat.composition.Setting.RETENTION_INTERVAL;
import static io.tambat.composition.Setting.RETENTION_PAYLOADS;
import static io.tambat.composition.Setting.RETENTION_PROCESSED_EVENTS;
import static io.tambat.composition.Setting.SECRETS_CACHE_TTL;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_COMMITTERS;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_MAX_WAIT;
import static io.tambat.composition.Setting.WEBHOOKS_GROUP_COMMIT_MAX_WEIGHT;
import static io.tambat.composition.Setting.WEBHOOKS_RETRY_AFTER;
import static io.tambat.composition.Setting.WEBHOOKS_UNVERIFIED_BYTES;

import io.tambat.adapter.in.http.order.OrdersResource;
import io.tambat.adapter.in.http.problem.RetryAdvice;
import io.tambat.adapter.in.http.webhook.UnverifiedBytesBudget;
import io.tambat.adapter.out.downstream.DownstreamSettings;
import io.tambat.application.order.OrderSettings;
import io.tambat.application.processing.ProcessingSettings;
import io.tambat.application.processing.ProviderApiSettings;
import io.tambat.application.reconciliation.ReconciliationSettings;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.application.webhook.IngressSettings;
import io.tambat.application.webhook.ProviderAdapters;
import io.tambat.application.webhook.RollingUpgrade;
import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.Failpoints;
import io.tambat.application.work.WorkSettings;
import io.tambat.application.work.YieldSettings;
import io.tambat.domain.model.order.Coupon;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.model.processing.RetryPolicy;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.Config;

/** The clock and the tunables the application services are built with, read and checked once. */
@ApplicationScoped
public class RuntimeProducers {

    @Inject
    Config config;

    @Inject
    ProviderAdapters providers;

    @Inject
    WebhookEndpointsPort endpoints;

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    IngressSettings ingressSettings() {
        return new IngressSettings(duration(SECRETS_CACHE_TTL.key(), "PT30S"),
                duration(WEBHOOKS_RETRY_AFTER.key(), "PT5S"), groupCommit(WEBHOOKS_GROUP_COMMIT_MAX_WEIGHT,
                        WEBHOOKS_GROUP_COMMIT_COMMITTERS, WEBHOOKS_GROUP_COMMIT_MAX_WAIT, 64));
    }

    /** The webhook intake's Retry-After, which the HTTP edge's other 503s answer too. */
    @Produces
    @Singleton
    RetryAdvice retryAdvice(IngressSettings ingress) {
        return new RetryAdvice(ingress.retryAfter());
    }

    /**
     * What webhook bodies may hold before they verified, for the whole server ({@code
     * tambat.webhooks.unverified-bytes}): by default a quarter of the heap's maximum, which leaves the rest to the
     * copies verification makes, to verified deliveries on their way to the database and to everything else.
     * Every endpoint's {@code max-body-bytes} must fit in it, or a body of that size could never be read.
     */
    @Produces
    @Singleton
    UnverifiedBytesBudget unverifiedBytesBudget() {
        String key = WEBHOOKS_UNVERIFIED_BYTES.key();
        Optional<String> configured = config.getOptionalValue(key, String.class);
        long budget = configured.map(value -> bytes(key, value))
                .orElseGet(() -> Runtime.getRuntime().maxMemory() / 4);
        for (WebhookEndpoint endpoint : endpoints.all()) {
            if (endpoint.maxBodyBytes() > budget) {
                throw new ConfigurationException(key, "is " + budget + " bytes"
                        + (configured.isPresent() ? "" : " (a quarter of the heap)")
                        + ", less than the max-body-bytes of endpoint " + endpoint.id().value() + " ("
                        + endpoint.maxBodyBytes() + "): raise it or the heap, or lower that limit");
            }
        }
        return new UnverifiedBytesBudget(budget);
    }

    /**
     * Row keys stay off ({@code tambat.payload.row-keys=false}) only while instances of the release before still
     * run: the same setting says that they may.
     */
    @Produces
    @Singleton
    RollingUpgrade rollingUpgrade() {
        return new RollingUpgrade(!config.getOptionalValue(PAYLOAD_ROW_KEYS.key(), Boolean.class).orElse(true));
    }

    @Produces
    @Singleton
    WorkSettings workSettings() {
        RetryPolicy retry;
        try {
            retry = new RetryPolicy(integer(PROCESSING_MAX_ATTEMPTS.key(), 10),
                    duration(PROCESSING_INITIAL_BACKOFF.key(), "PT1S"),
                    duration(PROCESSING_MAX_BACKOFF.key(), "PT10M"));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.processing.*", e.getMessage());
        }
        return new WorkSettings(
                config.getOptionalValue(PROCESSING_ENABLED.key(), Boolean.class).orElse(true),
                retry,
                integer(PROCESSING_WORKERS.key(), 2),
                integer(PROCESSING_BATCH_SIZE.key(), 20),
                duration(PROCESSING_LEASE.key(), "PT30S"),
                duration(PROCESSING_POLL_INTERVAL.key(), "PT0.2S"),
                duration(RETENTION_INTERVAL.key(), "PT1H"));
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
            settings = new YieldSettings(duration(BACKGROUND_YIELD_LATENCY.key(), "PT0.025S"),
                    integer(BACKGROUND_YIELD_QUEUE.key(), 32), least);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.background.*", e.getMessage());
        }
        return new BackgroundYield(settings, metrics::backgroundShare, System::nanoTime);
    }

    @Produces
    @Singleton
    ProcessingSettings processingSettings() {
        return new ProcessingSettings(
                duration(RETENTION_PAYLOADS.key(), "P30D"),
                processedRetention(),
                duration(PROCESSING_SEQUENCE_GAP_WINDOW.key(), "PT5M"),
                duration(RETENTION_FINISHED_ROWS.key(), "P90D"),
                failedPayloadRetention());
    }

    /** Also for the gauge of FAILED events about to lose their payload. */
    @Produces
    @Singleton
    FailedPayloadRetention failedPayloadRetention() {
        String key = RETENTION_FAILED_PAYLOADS.key();
        return new FailedPayloadRetention(config.getOptionalValue(key, String.class)
                .map(value -> parseDuration(key, value)));
    }

    @Produces
    @Singleton
    ReconciliationSettings reconciliationSettings() {
        return new ReconciliationSettings(
                duration(RECONCILIATION_INTERVAL.key(), "PT5M"),
                duration(RECONCILIATION_WINDOW.key(), "PT1H"),
                duration(RECONCILIATION_LATE_AFTER.key(), "PT5M"),
                processedRetention());
    }

    /** Processing purges processed-event records after it; reconciliation does not count their absence before. */
    private Duration processedRetention() {
        return duration(RETENTION_PROCESSED_EVENTS.key(), "P30D");
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
                pauses.put(nameAndPause[0], parseDuration(key, nameAndPause[1]));
            }
        }
        return new Failpoints(halts, pauses);
    }

    /**
     * Each provider's API ({@code tambat.providers.<provider>.api-url} and {@code .api-key}), with the keys of its
     * endpoints that have their own ({@code tambat.webhooks.endpoint.<id>.api-key}).
     */
    @Produces
    @Singleton
    ProviderApiSettings providerApiSettings() {
        Map<String, ProviderApiSettings.Api> apis = new HashMap<>();
        for (String provider : providers.names()) {
            String apiKey = PROVIDER_API_KEY.key(provider);
            url(PROVIDER_API_URL.key(provider)).ifPresent(uri -> {
                String key = config.getOptionalValue(apiKey, String.class)
                        .orElseThrow(() -> new ConfigurationException(apiKey, "is required with api-url"));
                apis.put(provider, new ProviderApiSettings.Api(uri, key, endpointApiKeys(provider)));
            });
        }
        for (WebhookEndpoint endpoint : endpoints.all()) {
            // Without its provider's API nothing is fetched for the endpoint: its key would be ignored unseen.
            String key = ENDPOINT_API_KEY.key(endpoint.id().value());
            if (!apis.containsKey(endpoint.provider()) && config.getOptionalValue(key, String.class).isPresent()) {
                throw new ConfigurationException(key, "is used only with " + PROVIDER_API_URL.key(endpoint.provider())
                        + ", which is not set");
            }
        }
        return new ProviderApiSettings(apis, duration(PROVIDERS_TIMEOUT.key(), "PT5S"));
    }

    /** The keys of the provider's endpoints that have one of their own. */
    private Map<EndpointId, String> endpointApiKeys(String provider) {
        Map<EndpointId, String> keys = new HashMap<>();
        for (WebhookEndpoint endpoint : endpoints.all()) {
            if (endpoint.provider().equals(provider)) {
                config.getOptionalValue(ENDPOINT_API_KEY.key(endpoint.id().value()), String.class)
                        .ifPresent(key -> keys.put(endpoint.id(), key));
            }
        }
        return keys;
    }

    /** Coupons: {@code <CODE>:<percent off>:<expiry instant>[,...]}; the instant may itself contain colons. */
    @Produces
    @Singleton
    OrderSettings orderSettings() {
        String key = ORDERS_COUPONS.key();
        Map<String, Coupon> coupons = new HashMap<>();
        for (String entry : config.getOptionalValue(key, String[].class).orElse(new String[0])) {
            String[] parts = entry.trim().split(":", 3);
            try {
                Coupon coupon = new Coupon(parts[0], Integer.parseInt(parts[1]), Instant.parse(parts[2]));
                if (coupons.put(coupon.code(), coupon) != null) {
                    throw new ConfigurationException(key, "coupon " + coupon.code() + " appears twice");
                }
            } catch (ArrayIndexOutOfBoundsException | DateTimeParseException | IllegalArgumentException e) {
                throw new ConfigurationException(key, "each entry must be CODE:percent:ISO-8601 instant, "
                        + "percent 1-100");
            }
        }
        return new OrderSettings(duration(IDEMPOTENCY_RETENTION.key(), "PT24H"),
                duration(IDEMPOTENCY_WAIT.key(), "PT3S"), coupons, groupCommit(ORDERS_GROUP_COMMIT_MAX_WEIGHT,
                        ORDERS_GROUP_COMMIT_COMMITTERS, ORDERS_GROUP_COMMIT_MAX_WAIT, 32));
    }

    /**
     * The status a reused idempotency key is answered with, and the largest {@code POST /orders} body read;
     * converted as MicroProfile Config converts any {@code int} and {@code long}, and read at start by
     * {@link StartupValidation}.
     */
    @Produces
    @Singleton
    OrdersResource.Settings ordersResourceSettings() {
        return new OrdersResource.Settings(
                config.getOptionalValue(IDEMPOTENCY_REUSE_STATUS.key(), Integer.class).orElse(409),
                config.getOptionalValue(ORDERS_MAX_BODY_BYTES.key(), Long.class).orElse(262_144L));
    }

    @Produces
    @Singleton
    DownstreamSettings downstreamSettings() {
        return new DownstreamSettings(url(PAYMENTS_URL.key()), url(INVENTORY_URL.key()),
                duration(DOWNSTREAM_TIMEOUT.key(), "PT5S"));
    }

    /**
     * {@code max-weight} (inbox entries or orders per transaction), {@code committers} and {@code max-wait}: by
     * default a request waits in the queue at most 1.5 s, so that a provider that gives up after 2 s hears 503
     * first.
     */
    private GroupCommitSettings groupCommit(Setting maxWeight, Setting committers, Setting maxWait,
            int defaultMaxWeight) {
        return new GroupCommitSettings(integer(maxWeight.key(), defaultMaxWeight), integer(committers.key(), 2),
                duration(maxWait.key(), "PT1.5S"));
    }

    private Optional<URI> url(String key) {
        return config.getOptionalValue(key, String.class).map(String::trim).map(value -> {
            try {
                URI uri = URI.create(value);
                if (uri.getScheme() == null || uri.getHost() == null) {
                    throw new ConfigurationException(key, "must be an absolute http(s) URL");
                }
                return uri;
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(key, "not a URL");
            }
        });
    }

    private int integer(String key, int defaultValue) {
        String value = config.getOptionalValue(key, String.class).orElse(String.valueOf(defaultValue));
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed < 1) {
                throw new ConfigurationException(key, "must be at least 1");
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key, "not a whole number");
        }
    }

    private static long bytes(String key, String value) {
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed < 1) {
                throw new ConfigurationException(key, "must be at least 1");
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key, "not a whole number of bytes");
        }
    }

    private Duration duration(String key, String defaultValue) {
        return parseDuration(key, config.getOptionalValue(key, String.class).orElse(defaultValue));
    }

    /** A positive ISO-8601 duration, refused naming its key; every reader of durations shares it. */
    static Duration parseDuration(String key, String value) {
        try {
            Duration duration = Duration.parse(value.trim());
            if (duration.isNegative() || duration.isZero()) {
                throw new ConfigurationException(key, "must be positive");
            }
            return duration;
        } catch (DateTimeParseException e) {
            throw new ConfigurationException(key, "not an ISO-8601 duration such as PT30S");
        }
    }
}
