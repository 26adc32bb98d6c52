package io.tambat.composition;

import static io.tambat.composition.Setting.ENDPOINT_EVENT_TYPES;
import static io.tambat.composition.Setting.ENDPOINT_MAX_BODY_BYTES;
import static io.tambat.composition.Setting.ENDPOINT_OBJECT_ID_POINTER;
import static io.tambat.composition.Setting.ENDPOINT_OBJECT_TYPE_POINTER;
import static io.tambat.composition.Setting.ENDPOINT_OBJECT_VERSION_POINTER;
import static io.tambat.composition.Setting.ENDPOINT_PROVIDER;
import static io.tambat.composition.Setting.ENDPOINT_PUBLIC_URL;
import static io.tambat.composition.Setting.ENDPOINT_RATE_LIMIT;
import static io.tambat.composition.Setting.ENDPOINT_REPLAY_WINDOW;
import static io.tambat.composition.Setting.ENDPOINT_SECRETS;
import static io.tambat.composition.Setting.ENDPOINT_SEQUENCE_POINTER;
import static io.tambat.composition.Setting.ENDPOINT_SEQUENCE_START;
import static io.tambat.composition.Setting.ENDPOINT_STATE_POINTER;
import static io.tambat.composition.Setting.ENDPOINT_TOLERANCE;
import static io.tambat.composition.Setting.ENDPOINT_UNVERIFIED_RATE_LIMIT;
import static io.tambat.composition.Setting.WEBHOOKS_ENDPOINTS;

import io.tambat.application.webhook.ProviderAdapters;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.EventTypeFilter;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.SecretVersion;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;

/**
 * The endpoints named by {@code tambat.webhooks.endpoints}, each read from
 * {@code tambat.webhooks.endpoint.<id>.*}. Read once; every problem is reported with the key it is in.
 */
@ApplicationScoped
public class ConfiguredWebhookEndpoints implements WebhookEndpointsPort {

    private static final Pattern RATE = Pattern.compile("(\\d{1,9})/s");

    @Inject
    Config config;

    @Inject
    ProviderAdapters adapters;

    private Map<String, WebhookEndpoint> endpoints;
    private Map<String, List<SecretVersion>> secrets;

    @PostConstruct
    void load() {
        Map<String, WebhookEndpoint> loadedEndpoints = new LinkedHashMap<>();
        Map<String, List<SecretVersion>> loadedSecrets = new LinkedHashMap<>();
        String listKey = WEBHOOKS_ENDPOINTS.key();
        for (String id : config.getOptionalValue(listKey, String[].class).orElse(new String[0])) {
            String trimmed = id.trim();
            if (!EndpointId.isValid(trimmed)) {
                throw new ConfigurationException(listKey, "endpoint ids must match [a-z0-9-]{1,64}");
            }
            WebhookEndpoint endpoint = endpoint(new EndpointId(trimmed));
            if (loadedEndpoints.put(trimmed, endpoint) != null) {
                throw new ConfigurationException(listKey, "endpoint " + trimmed + " is listed twice");
            }
            loadedSecrets.put(trimmed, secrets(endpoint));
        }
        endpoints = Map.copyOf(loadedEndpoints);
        secrets = Map.copyOf(loadedSecrets);
    }

    @Override
    public Optional<WebhookEndpoint> find(String endpointId) {
        return Optional.ofNullable(endpoints.get(endpointId));
    }

    @Override
    public List<WebhookEndpoint> all() {
        return List.copyOf(endpoints.values());
    }

    @Override
    public List<SecretVersion> configuredSecrets(WebhookEndpoint endpoint) {
        return secrets.getOrDefault(endpoint.id().value(), List.of());
    }

    private WebhookEndpoint endpoint(EndpointId id) {
        String provider = required(key(ENDPOINT_PROVIDER, id));
        ProviderAdapter adapter = adapters.find(provider).orElseThrow(() -> new ConfigurationException(
                key(ENDPOINT_PROVIDER, id), "unknown provider; known: " + String.join(", ", adapters.names())));
        return new WebhookEndpoint(id, provider, eventTypes(id), duration(key(ENDPOINT_TOLERANCE, id)),
                maxBodyBytes(id), rateLimit(id, ENDPOINT_RATE_LIMIT),
                rateLimit(id, ENDPOINT_UNVERIFIED_RATE_LIMIT).orElse(WebhookEndpoint.DEFAULT_UNVERIFIED_RATE_LIMIT),
                duration(key(ENDPOINT_REPLAY_WINDOW, id)).filter(window -> !window.isZero()), publicUrl(id, adapter),
                interpretation(id));
    }

    private List<SecretVersion> secrets(WebhookEndpoint endpoint) {
        String key = key(ENDPOINT_SECRETS, endpoint.id());
        ProviderAdapter adapter = adapters.require(endpoint.provider());
        List<SecretVersion> versions = new ArrayList<>();
        for (String entry : config.getOptionalValue(key, String.class).orElse("").split(",")) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            int colon = trimmed.indexOf(':');
            if (colon < 1 || colon == trimmed.length() - 1) {
                throw new ConfigurationException(key, "each entry must be <version>:<secret>");
            }
            SecretVersion version;
            try {
                version = new SecretVersion(trimmed.substring(0, colon), trimmed.substring(colon + 1));
                adapter.validateSecret(version.secret());
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(key, "entry " + (versions.size() + 1) + ": " + e.getMessage());
            }
            if (versions.stream().anyMatch(existing -> existing.version().equals(version.version()))) {
                throw new ConfigurationException(key, "version " + version.version() + " appears twice");
            }
            versions.add(version);
        }
        return versions;
    }

    private EventTypeFilter eventTypes(EndpointId id) {
        return config.getOptionalValue(key(ENDPOINT_EVENT_TYPES, id), String[].class)
                .map(types -> new EventTypeFilter(Arrays.stream(types).map(String::trim)
                        .filter(type -> !type.isEmpty()).collect(Collectors.toSet())))
                .orElse(EventTypeFilter.any());
    }

    private Optional<Duration> duration(String key) {
        return config.getOptionalValue(key, String.class).map(value -> {
            try {
                Duration duration = Duration.parse(value.trim());
                if (duration.isNegative()) {
                    throw new ConfigurationException(key, "must not be negative");
                }
                return duration;
            } catch (DateTimeParseException e) {
                throw new ConfigurationException(key, "not an ISO-8601 duration such as PT5M");
            }
        });
    }

    private long maxBodyBytes(EndpointId id) {
        String key = key(ENDPOINT_MAX_BODY_BYTES, id);
        return config.getOptionalValue(key, String.class).map(value -> {
            try {
                long bytes = Long.parseLong(value.trim());
                if (bytes < 1 || bytes > 64L * 1024 * 1024) {
                    throw new ConfigurationException(key, "must be between 1 and 67108864");
                }
                return bytes;
            } catch (NumberFormatException e) {
                throw new ConfigurationException(key, "not a number of bytes");
            }
        }).orElse(WebhookEndpoint.DEFAULT_MAX_BODY_BYTES);
    }

    private Optional<Integer> rateLimit(EndpointId id, Setting setting) {
        String key = key(setting, id);
        return config.getOptionalValue(key, String.class).map(value -> {
            Matcher matcher = RATE.matcher(value.trim());
            if (!matcher.matches() || Integer.parseInt(matcher.group(1)) < 1) {
                throw new ConfigurationException(key, "must be <n>/s with n >= 1");
            }
            return Integer.parseInt(matcher.group(1));
        });
    }

    /**
     * The URL the provider signs. Required where the provider signs it (Twilio): without it no delivery could
     * verify, and an endpoint that answers every delivery {@code signature_invalid} is a misconfiguration best
     * found at start.
     */
    private Optional<URI> publicUrl(EndpointId id, ProviderAdapter adapter) {
        String key = key(ENDPOINT_PUBLIC_URL, id);
        Optional<String> configured = config.getOptionalValue(key, String.class);
        if (configured.isEmpty() && adapter.signsPublicUrl()) {
            throw new ConfigurationException(key, "is required for provider " + adapter.provider()
                    + ", which signs the URL it calls: set it to that URL exactly as configured at the provider");
        }
        return configured.map(value -> {
            try {
                URI uri = URI.create(value.trim());
                if (!Set.of("https", "http").contains(String.valueOf(uri.getScheme())) || uri.getHost() == null) {
                    throw new ConfigurationException(key, "must be an absolute https URL");
                }
                if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
                    // Each request brings its own query string, which is appended to this URL to rebuild what was
                    // signed: one configured here too would be signed twice.
                    throw new ConfigurationException(key, "must have no query string or fragment: the query string "
                            + "arrives with each request");
                }
                return uri;
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(key, "not a URL");
            }
        });
    }

    private InterpretationSettings interpretation(EndpointId id) {
        InterpretationSettings defaults = InterpretationSettings.STANDARD_DEFAULTS;
        try {
            return new InterpretationSettings(
                    pointer(id, ENDPOINT_OBJECT_TYPE_POINTER, defaults.typePointer()),
                    pointer(id, ENDPOINT_OBJECT_ID_POINTER, defaults.idPointer()),
                    pointer(id, ENDPOINT_OBJECT_VERSION_POINTER, defaults.versionPointer()),
                    pointer(id, ENDPOINT_STATE_POINTER, defaults.statePointer()),
                    pointer(id, ENDPOINT_SEQUENCE_POINTER, defaults.sequencePointer()),
                    sequenceStart(id, defaults.sequenceStart()));
        } catch (IllegalArgumentException e) {
            // The record checks its pointers together, without saying which: the message names them all.
            throw new ConfigurationException("tambat.webhooks.endpoint." + id.value() + ".object-*-pointer",
                    e.getMessage());
        }
    }

    private String pointer(EndpointId id, Setting setting, String defaultValue) {
        String key = key(setting, id);
        String value = config.getOptionalValue(key, String.class).map(String::trim).orElse(defaultValue);
        if (!value.isEmpty() && !value.startsWith("/")) {
            throw new ConfigurationException(key, "a JSON Pointer starts with /");
        }
        return value;
    }

    private long sequenceStart(EndpointId id, long defaultValue) {
        String key = key(ENDPOINT_SEQUENCE_START, id);
        return config.getOptionalValue(key, String.class).map(String::trim).map(value -> {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new ConfigurationException(key, "must be a whole number");
            }
        }).orElse(defaultValue);
    }

    private String required(String key) {
        return config.getOptionalValue(key, String.class).map(String::trim).filter(value -> !value.isEmpty())
                .orElseThrow(() -> new ConfigurationException(key, "is required"));
    }

    private static String key(Setting setting, EndpointId id) {
        return setting.key(id.value());
    }
}
