package io.tambat.composition;

import static io.tambat.composition.Setting.ENDPOINT_API_KEY;
import static io.tambat.composition.Setting.PROCESSING_SEQUENCE_GAP_WINDOW;
import static io.tambat.composition.Setting.PROVIDERS_TIMEOUT;
import static io.tambat.composition.Setting.PROVIDER_API_KEY;
import static io.tambat.composition.Setting.PROVIDER_API_URL;
import static io.tambat.composition.Setting.RECONCILIATION_INTERVAL;
import static io.tambat.composition.Setting.RECONCILIATION_LATE_AFTER;
import static io.tambat.composition.Setting.RECONCILIATION_WINDOW;
import static io.tambat.composition.Setting.RETENTION_FAILED_PAYLOADS;
import static io.tambat.composition.Setting.RETENTION_FINISHED_ROWS;
import static io.tambat.composition.Setting.RETENTION_PAYLOADS;
import static io.tambat.composition.Setting.RETENTION_PROCESSED_EVENTS;

import io.tambat.application.processing.ProcessingSettings;
import io.tambat.application.processing.ProviderApiSettings;
import io.tambat.application.reconciliation.ReconciliationSettings;
import io.tambat.application.webhook.ProviderAdapters;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * What processing of received events is built with, read and checked once: {@link ProcessingSettings} (how long
 * payloads, processed-event records and finished rows are kept, and the sequence-gap window), the
 * {@link FailedPayloadRetention} of FAILED events, the {@link ProviderApiSettings} of the provider APIs processing
 * calls, and the {@link ReconciliationSettings} of the job that finds stalled or late work, here because it shares
 * processing's retention of processed-event records.
 */
@ApplicationScoped
public class ProcessingProducers {

    @Inject
    Config config;

    @Inject
    SettingsReader reader;

    @Inject
    ProviderAdapters providers;

    @Inject
    WebhookEndpointsPort endpoints;

    @Produces
    @Singleton
    ProcessingSettings processingSettings() {
        return new ProcessingSettings(
                reader.duration(RETENTION_PAYLOADS.key(), "P30D"),
                processedRetention(),
                reader.duration(PROCESSING_SEQUENCE_GAP_WINDOW.key(), "PT5M"),
                reader.duration(RETENTION_FINISHED_ROWS.key(), "P90D"),
                failedPayloadRetention());
    }

    /** Also for the gauge of FAILED events about to lose their payload. */
    @Produces
    @Singleton
    FailedPayloadRetention failedPayloadRetention() {
        String key = RETENTION_FAILED_PAYLOADS.key();
        return new FailedPayloadRetention(config.getOptionalValue(key, String.class)
                .map(value -> SettingsReader.parseDuration(key, value)));
    }

    @Produces
    @Singleton
    ReconciliationSettings reconciliationSettings() {
        return new ReconciliationSettings(
                reader.duration(RECONCILIATION_INTERVAL.key(), "PT5M"),
                reader.duration(RECONCILIATION_WINDOW.key(), "PT1H"),
                reader.duration(RECONCILIATION_LATE_AFTER.key(), "PT5M"),
                processedRetention());
    }

    /** Processing purges processed-event records after it; reconciliation does not count their absence before. */
    private Duration processedRetention() {
        return reader.duration(RETENTION_PROCESSED_EVENTS.key(), "P30D");
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
            reader.url(PROVIDER_API_URL.key(provider)).ifPresent(uri -> {
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
        return new ProviderApiSettings(apis, reader.duration(PROVIDERS_TIMEOUT.key(), "PT5S"));
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
}
