package io.tambat.adapter.in.http.config;

import io.tambat.application.service.IngressSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.config.Config;

/** The clock and the ingress tunables the application services are built with. */
@ApplicationScoped
public class RuntimeProducers {

    static final String SECRET_CACHE_TTL = "tambat.secrets.cache-ttl";
    static final String RETRY_AFTER = "tambat.webhooks.retry-after";

    @Inject
    Config config;

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    IngressSettings ingressSettings() {
        return new IngressSettings(duration(SECRET_CACHE_TTL, "PT30S"), duration(RETRY_AFTER, "PT5S"));
    }

    private Duration duration(String key, String defaultValue) {
        String value = config.getOptionalValue(key, String.class).orElse(defaultValue);
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
