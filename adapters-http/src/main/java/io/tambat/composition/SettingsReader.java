package io.tambat.composition;

import io.tambat.application.transaction.GroupCommitSettings;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * How the producers of this package read a server-wide setting that is a duration, a count, a number of bytes, a
 * URL or a group commit's tunables: with its default, parsed and checked, each refusal a
 * {@link ConfigurationException} naming the key. One reader, so that every capability's producers refuse a bad
 * value in the same words; what a capability reads as MicroProfile Config converts it, its producer reads from
 * {@link Config} itself.
 */
@Dependent
class SettingsReader {

    private final Config config;

    @Inject
    SettingsReader(Config config) {
        this.config = config;
    }

    /** A positive ISO-8601 duration, {@code defaultValue} when unset. */
    Duration duration(String key, String defaultValue) {
        return parseDuration(key, config.getOptionalValue(key, String.class).orElse(defaultValue));
    }

    /** A whole number of at least 1, {@code defaultValue} when unset. */
    int integer(String key, int defaultValue) {
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

    /** An absolute URL, empty when unset. */
    Optional<URI> url(String key) {
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

    /**
     * The longest a request waits before its commit begins, leaving the commit and the answer time within the 2 s
     * after which a provider gives up.
     */
    static final Duration LONGEST_WAIT_BEFORE_ANSWER = Duration.ofMillis(1500);

    /**
     * {@code max-weight} (inbox entries or orders per transaction), {@code committers} and {@code max-wait}: by
     * default a request waits in the queue at most {@link #LONGEST_WAIT_BEFORE_ANSWER}, so that a provider that
     * gives up after 2 s hears 503 first.
     */
    GroupCommitSettings groupCommit(Setting maxWeight, Setting committers, Setting maxWait, int defaultMaxWeight) {
        return groupCommit(maxWeight, committers, maxWait, defaultMaxWeight, LONGEST_WAIT_BEFORE_ANSWER);
    }

    /** As {@link #groupCommit(Setting, Setting, Setting, int)}, waiting at most {@code defaultMaxWait} by default. */
    GroupCommitSettings groupCommit(Setting maxWeight, Setting committers, Setting maxWait, int defaultMaxWeight,
            Duration defaultMaxWait) {
        return new GroupCommitSettings(integer(maxWeight.key(), defaultMaxWeight), integer(committers.key(), 2),
                duration(maxWait.key(), defaultMaxWait.toString()));
    }

    /** A whole number of bytes of at least 1, read from {@code value}, refused naming {@code key}. */
    static long bytes(String key, String value) {
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
