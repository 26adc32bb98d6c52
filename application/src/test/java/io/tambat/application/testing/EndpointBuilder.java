package io.tambat.application.testing;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.EventTypeFilter;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.provider.spi.InterpretationSettings;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/** A valid endpoint with the defaults configuration gives, changed one setting at a time. */
public final class EndpointBuilder {

    private final String id;
    private String provider = "test";
    private EventTypeFilter eventTypes = EventTypeFilter.any();
    private Optional<Duration> tolerance = Optional.empty();
    private Optional<Integer> rateLimit = Optional.empty();
    private int unverifiedRateLimit = WebhookEndpoint.DEFAULT_UNVERIFIED_RATE_LIMIT;
    private Optional<Duration> replayWindow = Optional.empty();

    private EndpointBuilder(String id) {
        this.id = id;
    }

    public static EndpointBuilder endpoint(String id) {
        return new EndpointBuilder(id);
    }

    public EndpointBuilder provider(String name) {
        this.provider = name;
        return this;
    }

    public EndpointBuilder eventTypes(String... types) {
        this.eventTypes = new EventTypeFilter(Set.of(types));
        return this;
    }

    public EndpointBuilder tolerance(Duration duration) {
        this.tolerance = Optional.of(duration);
        return this;
    }

    public EndpointBuilder rateLimit(int perSecond) {
        this.rateLimit = Optional.of(perSecond);
        return this;
    }

    public EndpointBuilder unverifiedRateLimit(int perSecond) {
        this.unverifiedRateLimit = perSecond;
        return this;
    }

    public EndpointBuilder replayWindow(Duration window) {
        this.replayWindow = Optional.of(window);
        return this;
    }

    public WebhookEndpoint build() {
        return new WebhookEndpoint(new EndpointId(id), provider, eventTypes, tolerance,
                WebhookEndpoint.DEFAULT_MAX_BODY_BYTES, rateLimit, unverifiedRateLimit, replayWindow, Optional.empty(),
                InterpretationSettings.STANDARD_DEFAULTS);
    }
}
