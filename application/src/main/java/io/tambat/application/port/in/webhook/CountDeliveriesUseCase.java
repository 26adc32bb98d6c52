package io.tambat.application.port.in.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What webhook deliveries were answered, minute by minute, for the console's chart: cluster-wide, kept for
 * {@link #KEPT}. Prometheus keeps its own counts for longer ({@code tambat_webhook_requests_total}).
 */
public interface CountDeliveriesUseCase {

    /** How many minutes {@link #lastMinutes} covers at most: a day. */
    int MAX_MINUTES = 1440;

    Duration KEPT = Duration.ofMinutes(MAX_MINUTES);

    /** One delivery to {@code provider}'s endpoint answered with {@code outcome}. Never blocks, never fails. */
    void counted(String provider, String outcome);

    /**
     * The last {@code minutes} (1 to {@link #MAX_MINUTES}), the current one last and still counting: every
     * provider's deliveries, or one provider's. This instance's latest counts are in; another instance's reach the
     * store within seconds.
     */
    Window lastMinutes(int minutes, Optional<String> provider);

    /** Deliveries by outcome from {@code from} to {@code to}, in total and per minute, every minute listed. */
    record Window(Instant from, Instant to, Map<String, Long> totals, List<Minute> minutes) {
        public Window {
            totals = Map.copyOf(totals);
            minutes = List.copyOf(minutes);
        }
    }

    /** One minute's deliveries by outcome; a quiet minute has none. */
    record Minute(Instant minute, Map<String, Long> outcomes) {
        public Minute {
            outcomes = Map.copyOf(outcomes);
        }
    }
}
