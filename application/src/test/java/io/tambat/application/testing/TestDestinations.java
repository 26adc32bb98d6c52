package io.tambat.application.testing;

import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.EventTypePatterns;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import io.tambat.domain.model.forwarding.SigningSecret;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** HTTP destinations as tests need them: every endpoint and event type unless told otherwise. */
public final class TestDestinations {

    private TestDestinations() {
    }

    public static Destination http(String id, Set<MessageType> messages, Optional<Set<String>> endpoints,
            RetrySchedule schedule, int maxInFlight) {
        return http(id, messages, endpoints, schedule, maxInFlight, Destination.Ordering.NONE);
    }

    public static Destination http(String id, Set<MessageType> messages, Optional<Set<String>> endpoints,
            RetrySchedule schedule, int maxInFlight, Destination.Ordering ordering) {
        return new Destination(id, messages, endpoints, EventTypePatterns.any(), schedule, Duration.ofSeconds(15),
                maxInFlight, Optional.empty(), ordering, new DestinationTarget.Http(
                        URI.create("https://" + id + ".example/hooks"), List.of(new SigningSecret("v1", new byte[24]))));
    }

    public static Destination http(String id, Set<MessageType> messages) {
        return http(id, messages, Optional.empty(), RetrySchedule.DEFAULT, Destination.DEFAULT_MAX_IN_FLIGHT);
    }
}
