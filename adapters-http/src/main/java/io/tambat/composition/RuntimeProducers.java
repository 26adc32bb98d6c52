package io.tambat.composition;

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

    static final String SECRET_CACHE_TTL = "tambat.secrets.cache-ttl";
    static final String RETRY_AFTER = "tambat.webhooks.retry-after";
    static final String UNVERIFIED_BYTES = "tambat.webhooks.unverified-bytes";

    static final String FAILPOINTS = "tambat.failpoints";

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
        return new IngressSettings(duration(SECRET_CACHE_TTL, "PT30S"), duration(RETRY_AFTER, "PT5S"),
                groupCommit("tambat.webhooks.group-commit.", 64));
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
        Optional<String> configured = config.getOptionalValue(UNVERIFIED_BYTES, String.class);
        long budget = configured.map(value -> bytes(UNVERIFIED_BYTES, value))
                .orElseGet(() -> Runtime.getRuntime().maxMemory() / 4);
        for (WebhookEndpoint endpoint : endpoints.all()) {
            if (endpoint.maxBodyBytes() > budget) {
                throw new ConfigurationException(UNVERIFIED_BYTES, "is " + budget + " bytes"
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
        return new RollingUpgrade(!config.getOptionalValue("tambat.payload.row-keys", Boolean.class).orElse(true));
    }

    @Produces
    @Singleton
    WorkSettings workSettings() {
        RetryPolicy retry;
        try {
            retry = new RetryPolicy(integer("tambat.processing.max-attempts", 10),
                    duration("tambat.processing.initial-backoff", "PT1S"),
                    duration("tambat.processing.max-backoff", "PT10M"));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.processing.*", e.getMessage());
        }
        return new WorkSettings(
                config.getOptionalValue("tambat.processing.enabled", Boolean.class).orElse(true),
                retry,
                integer("tambat.processing.workers", 2),
                integer("tambat.processing.batch-size", 20),
                duration("tambat.processing.lease", "PT30S"),
                duration("tambat.processing.poll-interval", "PT0.2S"),
                duration("tambat.retention.interval", "PT1H"));
    }

    /**
     * How background work yields to the requests that acknowledge ({@code tambat.background.*}); the gauge
     * follows its share.
     */
    @Produces
    @Singleton
    BackgroundYield backgroundYield(WorkMetricsPort metrics) {
        String minShare = "tambat.background.min-share";
        double least;
        try {
            least = Double.parseDouble(config.getOptionalValue(minShare, String.class).orElse("0.05").trim());
        } catch (NumberFormatException e) {
            throw new ConfigurationException(minShare, "not a number");
        }
        YieldSettings settings;
        try {
            settings = new YieldSettings(duration("tambat.background.yield-latency", "PT0.025S"),
                    integer("tambat.background.yield-queue", 32), least);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("tambat.background.*", e.getMessage());
        }
        return new BackgroundYield(settings, metrics::backgroundShare, System::nanoTime);
    }

    @Produces
    @Singleton
    ProcessingSettings processingSettings() {
        return new ProcessingSettings(
                duration("tambat.retention.payloads", "P30D"),
                processedRetention(),
                duration("tambat.processing.sequence-gap-window", "PT5M"),
                duration("tambat.retention.finished-rows", "P90D"),
                failedPayloadRetention());
    }

    /** Also for the gauge of FAILED events about to lose their payload. */
    @Produces
    @Singleton
    FailedPayloadRetention failedPayloadRetention() {
        return new FailedPayloadRetention(config.getOptionalValue("tambat.retention.failed-payloads", String.class)
                .map(value -> parseDuration("tambat.retention.failed-payloads", value)));
    }

    @Produces
    @Singleton
    ReconciliationSettings reconciliationSettings() {
        return new ReconciliationSettings(
                duration("tambat.reconciliation.interval", "PT5M"),
                duration("tambat.reconciliation.window", "PT1H"),
                duration("tambat.reconciliation.late-after", "PT5M"),
                processedRetention());
    }

    /** Processing purges processed-event records after it; reconciliation does not count their absence before. */
    private Duration processedRetention() {
        return duration("tambat.retention.processed-events", "P30D");
    }

    /** {@code tambat.failpoints}: {@code name}, {@code name@subject} (halt) or {@code name=pause:<duration>}. */
    @Produces
    @Singleton
    Failpoints failpoints() {
        Set<String> halts = new HashSet<>();
        Map<String, Duration> pauses = new HashMap<>();
        for (String entry : config.getOptionalValue(FAILPOINTS, String[].class).orElse(new String[0])) {
            String[] nameAndPause = entry.trim().split("=pause:", 2);
            if (nameAndPause.length == 1) {
                halts.add(nameAndPause[0]);
            } else {
                pauses.put(nameAndPause[0], parseDuration(FAILPOINTS, nameAndPause[1]));
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
            String prefix = "tambat.providers." + provider + ".";
            url(prefix + "api-url").ifPresent(uri -> {
                String key = config.getOptionalValue(prefix + "api-key", String.class)
                        .orElseThrow(() -> new ConfigurationException(prefix + "api-key", "is required with api-url"));
                apis.put(provider, new ProviderApiSettings.Api(uri, key, endpointApiKeys(provider)));
            });
        }
        for (WebhookEndpoint endpoint : endpoints.all()) {
            // Without its provider's API nothing is fetched for the endpoint: its key would be ignored unseen.
            String key = endpointApiKey(endpoint.id());
            if (!apis.containsKey(endpoint.provider()) && config.getOptionalValue(key, String.class).isPresent()) {
                throw new ConfigurationException(key, "is used only with tambat.providers." + endpoint.provider()
                        + ".api-url, which is not set");
            }
        }
        return new ProviderApiSettings(apis, duration("tambat.providers.timeout", "PT5S"));
    }

    /** The keys of the provider's endpoints that have one of their own. */
    private Map<EndpointId, String> endpointApiKeys(String provider) {
        Map<EndpointId, String> keys = new HashMap<>();
        for (WebhookEndpoint endpoint : endpoints.all()) {
            if (endpoint.provider().equals(provider)) {
                config.getOptionalValue(endpointApiKey(endpoint.id()), String.class)
                        .ifPresent(key -> keys.put(endpoint.id(), key));
            }
        }
        return keys;
    }

    private static String endpointApiKey(EndpointId endpoint) {
        return "tambat.webhooks.endpoint." + endpoint.value() + ".api-key";
    }

    /** Coupons: {@code <CODE>:<percent off>:<expiry instant>[,...]}; the instant may itself contain colons. */
    @Produces
    @Singleton
    OrderSettings orderSettings() {
        String key = "tambat.orders.coupons";
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
        return new OrderSettings(duration("tambat.idempotency.retention", "PT24H"),
                duration("tambat.idempotency.wait", "PT3S"), coupons, groupCommit("tambat.orders.group-commit.", 32));
    }

    @Produces
    @Singleton
    DownstreamSettings downstreamSettings() {
        return new DownstreamSettings(url("tambat.payments.url"), url("tambat.inventory.url"),
                duration("tambat.downstream.timeout", "PT5S"));
    }

    /**
     * {@code <prefix>max-weight} (inbox entries or orders per transaction), {@code <prefix>committers} and
     * {@code <prefix>max-wait}: by default a request waits in the queue at most 1.5 s, so that a provider that
     * gives up after 2 s hears 503 first.
     */
    private GroupCommitSettings groupCommit(String prefix, int defaultMaxWeight) {
        return new GroupCommitSettings(integer(prefix + "max-weight", defaultMaxWeight),
                integer(prefix + "committers", 2), duration(prefix + "max-wait", "PT1.5S"));
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
