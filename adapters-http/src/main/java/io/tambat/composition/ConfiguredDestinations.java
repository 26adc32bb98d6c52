package io.tambat.composition;

import static io.tambat.composition.Setting.DESTINATION_ALLOW_PLAIN_HTTP;
import static io.tambat.composition.Setting.DESTINATION_BOOTSTRAP_SERVERS;
import static io.tambat.composition.Setting.DESTINATION_CONNECTION_FACTORY;
import static io.tambat.composition.Setting.DESTINATION_ENDPOINTS;
import static io.tambat.composition.Setting.DESTINATION_EVENT_TYPES;
import static io.tambat.composition.Setting.DESTINATION_KAFKA_SETTING;
import static io.tambat.composition.Setting.DESTINATION_KIND;
import static io.tambat.composition.Setting.DESTINATION_MAX_IN_FLIGHT;
import static io.tambat.composition.Setting.DESTINATION_MESSAGES;
import static io.tambat.composition.Setting.DESTINATION_ORDERING;
import static io.tambat.composition.Setting.DESTINATION_QUEUE;
import static io.tambat.composition.Setting.DESTINATION_RATE_LIMIT;
import static io.tambat.composition.Setting.DESTINATION_RETRY_SCHEDULE;
import static io.tambat.composition.Setting.DESTINATION_SECRETS;
import static io.tambat.composition.Setting.DESTINATION_TIMEOUT;
import static io.tambat.composition.Setting.DESTINATION_TOPIC;
import static io.tambat.composition.Setting.DESTINATION_URL;
import static io.tambat.composition.Setting.FORWARDING_DESTINATIONS;

import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.EventTypePatterns;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import io.tambat.domain.model.forwarding.SigningSecret;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;

/**
 * The forwarding destinations named by {@code tambat.forwarding.destinations}, each read from
 * {@code tambat.forwarding.destination.<id>.*}. Read once at start; every problem is reported with its key.
 */
@ApplicationScoped
public class ConfiguredDestinations {

    private static final Pattern RATE = Pattern.compile("(\\d{1,9})/s");
    private static final String SECRET_PREFIX = "whsec_";

    @Inject
    Config config;

    @Inject
    WebhookEndpointsPort endpoints;

    @Produces
    @Singleton
    Destinations destinations() {
        List<Destination> loaded = new ArrayList<>();
        String listKey = FORWARDING_DESTINATIONS.key();
        for (String id : list(listKey).orElse(List.of())) {
            if (!Destination.isValidId(id)) {
                throw new ConfigurationException(listKey, "destination ids must match [a-z0-9-]{1,64}");
            }
            if (loaded.stream().anyMatch(destination -> destination.id().equals(id))) {
                throw new ConfigurationException(listKey, "destination " + id + " is listed twice");
            }
            loaded.add(destination(id));
        }
        return new Destinations(loaded);
    }

    private Destination destination(String id) {
        String kind = required(DESTINATION_KIND.key(id));
        try {
            return new Destination(id, messages(id), endpoints(id), eventTypes(id), retrySchedule(id),
                    duration(DESTINATION_TIMEOUT.key(id)).orElse(Destination.DEFAULT_TIMEOUT), maxInFlight(id),
                    rateLimit(id), ordering(id), target(id, kind));
        } catch (IllegalArgumentException e) {
            // The destination's own checks know no keys: the message names the destination.
            throw new ConfigurationException("tambat.forwarding.destination." + id, e.getMessage());
        }
    }

    private Destination.Ordering ordering(String id) {
        String key = DESTINATION_ORDERING.key(id);
        return switch (optional(key).orElse("none")) {
            case "none" -> Destination.Ordering.NONE;
            case "per-object" -> Destination.Ordering.PER_OBJECT;
            default -> throw new ConfigurationException(key, "must be none or per-object");
        };
    }

    private Set<MessageType> messages(String id) {
        String key = DESTINATION_MESSAGES.key(id);
        Set<MessageType> types = EnumSet.noneOf(MessageType.class);
        for (String name : list(key).orElse(List.of("events"))) {
            switch (name) {
                case "events" -> types.add(MessageType.EVENT);
                case "state-changes" -> types.add(MessageType.STATE_CHANGE);
                default -> throw new ConfigurationException(key, "must be events, state-changes or both");
            }
        }
        return types;
    }

    private Optional<Set<String>> endpoints(String id) {
        String key = DESTINATION_ENDPOINTS.key(id);
        return list(key).map(ids -> {
            Set<String> known = new LinkedHashSet<>();
            for (String endpoint : ids) {
                if (!EndpointId.isValid(endpoint) || endpoints.find(endpoint).isEmpty()) {
                    throw new ConfigurationException(key, "names no configured endpoint: " + endpoint);
                }
                known.add(endpoint);
            }
            return known;
        });
    }

    private EventTypePatterns eventTypes(String id) {
        String key = DESTINATION_EVENT_TYPES.key(id);
        try {
            return list(key).map(EventTypePatterns::new).orElse(EventTypePatterns.any());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(key, e.getMessage());
        }
    }

    private RetrySchedule retrySchedule(String id) {
        String key = DESTINATION_RETRY_SCHEDULE.key(id);
        return list(key).map(waits -> {
            List<Duration> parsed = new ArrayList<>();
            for (String wait : waits) {
                parsed.add(SettingsReader.parseDuration(key, wait));
            }
            return new RetrySchedule(parsed);
        }).orElse(RetrySchedule.DEFAULT);
    }

    private int maxInFlight(String id) {
        String key = DESTINATION_MAX_IN_FLIGHT.key(id);
        return config.getOptionalValue(key, String.class).map(value -> {
            try {
                int count = Integer.parseInt(value.trim());
                if (count < 1 || count > 1024) {
                    throw new ConfigurationException(key, "must be between 1 and 1024");
                }
                return count;
            } catch (NumberFormatException e) {
                throw new ConfigurationException(key, "not a number");
            }
        }).orElse(Destination.DEFAULT_MAX_IN_FLIGHT);
    }

    private Optional<Integer> rateLimit(String id) {
        String key = DESTINATION_RATE_LIMIT.key(id);
        return config.getOptionalValue(key, String.class).map(value -> {
            Matcher matcher = RATE.matcher(value.trim());
            if (!matcher.matches() || Integer.parseInt(matcher.group(1)) < 1) {
                throw new ConfigurationException(key, "must be <n>/s with n >= 1");
            }
            return Integer.parseInt(matcher.group(1));
        });
    }

    private DestinationTarget target(String id, String kind) {
        return switch (kind) {
            case "http" -> http(id);
            case "kafka" -> kafka(id);
            case "jms" -> jms(id);
            default -> throw new ConfigurationException(DESTINATION_KIND.key(id), "must be http, kafka or jms");
        };
    }

    private DestinationTarget.Jms jms(String id) {
        Optional<String> queue = optional(DESTINATION_QUEUE.key(id));
        Optional<String> topic = optional(DESTINATION_TOPIC.key(id));
        if (queue.isPresent() == topic.isPresent()) {
            throw new ConfigurationException(DESTINATION_QUEUE.key(id), "a JMS destination names either a queue or "
                    + "a topic (" + DESTINATION_TOPIC.key(id) + ")");
        }
        return new DestinationTarget.Jms(required(DESTINATION_CONNECTION_FACTORY.key(id)),
                queue.or(() -> topic).orElseThrow(), topic.isPresent());
    }

    private DestinationTarget.Kafka kafka(String id) {
        return new DestinationTarget.Kafka(required(DESTINATION_BOOTSTRAP_SERVERS.key(id)),
                required(DESTINATION_TOPIC.key(id)), producerSettings(id));
    }

    /**
     * Every {@code tambat.forwarding.destination.<id>.kafka.<producer setting>}, also given as the environment
     * variable {@code TAMBAT_FORWARDING_DESTINATION_<ID>_KAFKA_<SETTING>} (Kafka's setting names are lower case
     * words between dots, so {@code SECURITY_PROTOCOL} reads back as {@code security.protocol}).
     */
    private Map<String, String> producerSettings(String id) {
        String prefix = DESTINATION_KAFKA_SETTING.key(id, "");  // each setting's key, without the setting
        String environmentPrefix = Setting.environmentName(prefix);
        Map<String, String> settings = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            String setting = name.startsWith(prefix) ? name.substring(prefix.length())
                    : name.startsWith(environmentPrefix)
                            ? name.substring(environmentPrefix.length()).toLowerCase(Locale.ROOT).replace('_', '.')
                            : null;
            if (setting != null && !setting.isEmpty()) {
                config.getOptionalValue(name, String.class).ifPresent(value -> settings.put(setting, value.trim()));
            }
        }
        return settings;
    }

    private DestinationTarget.Http http(String id) {
        String urlKey = DESTINATION_URL.key(id);
        URI url;
        try {
            url = URI.create(required(urlKey));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(urlKey, "not a URL");
        }
        if (url.getHost() == null || !Set.of("https", "http").contains(String.valueOf(url.getScheme()))) {
            throw new ConfigurationException(urlKey, "must be an absolute https URL");
        }
        String plainKey = DESTINATION_ALLOW_PLAIN_HTTP.key(id);
        boolean plainAllowed = config.getOptionalValue(plainKey, Boolean.class).orElse(false);
        if (url.getScheme().equals("http") && !plainAllowed && !loopback(url.getHost())) {
            throw new ConfigurationException(urlKey, "must be https (plain http only to a loopback address, or with "
                    + plainKey + "=true)");
        }
        return new DestinationTarget.Http(url, secrets(id));
    }

    /** Each entry {@code <version>:whsec_<base64>}; the message names the entry, never the secret. */
    private List<SigningSecret> secrets(String id) {
        String key = DESTINATION_SECRETS.key(id);
        List<SigningSecret> secrets = new ArrayList<>();
        for (String entry : list(key).orElseThrow(() -> new ConfigurationException(key, "is required"))) {
            int colon = entry.indexOf(':');
            String where = "entry " + (secrets.size() + 1);
            if (colon < 1 || !entry.startsWith(SECRET_PREFIX, colon + 1)) {
                throw new ConfigurationException(key, where + " must be <version>:whsec_<base64>");
            }
            String version = entry.substring(0, colon);
            if (secrets.stream().anyMatch(secret -> secret.version().equals(version))) {
                throw new ConfigurationException(key, "version " + version + " appears twice");
            }
            try {
                byte[] secret = Base64.getDecoder().decode(entry.substring(colon + 1 + SECRET_PREFIX.length()));
                secrets.add(new SigningSecret(version, secret));
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(key, where + ": the secret after whsec_ must be the base64 of at "
                        + "least 16 bytes");
            }
        }
        return secrets;
    }

    private static boolean loopback(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        try {
            // Only a literal address is read here: a name is never looked up at start.
            return host.matches("[0-9.]+|\\[[0-9a-fA-F:.]+\\]") && InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private Optional<Duration> duration(String key) {
        return config.getOptionalValue(key, String.class).map(value -> SettingsReader.parseDuration(key, value));
    }

    /** A comma-separated list, its entries trimmed and blanks dropped; empty when the key is unset or blank. */
    private Optional<List<String>> list(String key) {
        return config.getOptionalValue(key, String.class)
                .map(value -> Arrays.stream(value.split(",")).map(String::trim)
                        .filter(entry -> !entry.isEmpty()).toList())
                .filter(entries -> !entries.isEmpty());
    }

    private String required(String key) {
        return optional(key).orElseThrow(() -> new ConfigurationException(key, "is required"));
    }

    private Optional<String> optional(String key) {
        return config.getOptionalValue(key, String.class).map(String::trim).filter(value -> !value.isEmpty());
    }
}
