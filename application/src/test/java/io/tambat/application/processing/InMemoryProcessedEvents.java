package io.tambat.application.processing;

import io.tambat.application.testing.PurgeRequest;
import io.tambat.application.testing.RollsBack;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.processing.ProcessedEventsPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Processed-event records in memory, unique per logical event; purges are recorded as well as applied. */
final class InMemoryProcessedEvents implements ProcessedEventsPort, RollsBack {

    private final Map<String, Instant> records = new LinkedHashMap<>();
    private final List<PurgeRequest> purges = new ArrayList<>();

    boolean contains(String provider, EndpointId endpointId, String providerEventId) {
        return records.containsKey(key(provider, endpointId, providerEventId));
    }

    List<PurgeRequest> purges() {
        return List.copyOf(purges);
    }

    @Override
    public Set<UUID> recordAll(List<LeasedInboxEvent> events, Instant now) {
        return events.stream()
                .filter(event -> records.putIfAbsent(key(event.provider(), event.endpointId(), event.providerEventId()),
                        now) == null)
                .map(LeasedInboxEvent::inboxId)
                .collect(Collectors.toSet());
    }

    @Override
    public int purgeBefore(Instant cutoff, int batch) {
        PurgeRequest request = new PurgeRequest(cutoff, batch);
        purges.add(request);
        return request.removeFrom(records, Function.identity());
    }

    @Override
    public Runnable snapshot() {
        return RollsBack.snapshotOf(records);
    }

    private static String key(String provider, EndpointId endpointId, String providerEventId) {
        return provider + "/" + endpointId.value() + "/" + providerEventId;
    }
}
