package io.tambat.domain.model.reconciliation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Accepted events compared with their processing, per provider and endpoint, and the rows that disagree.
 *
 * @param discrepancies every {@link Discrepancy}, found or not
 */
public record ReconciliationReport(ReconciliationQuery query, List<EndpointTally> endpoints,
        Map<Discrepancy, Found> discrepancies) {

    public ReconciliationReport {
        endpoints = List.copyOf(endpoints);
        if (!discrepancies.keySet().containsAll(List.of(Discrepancy.values()))) {
            throw new IllegalArgumentException("a report names every kind of discrepancy");
        }
        discrepancies = new EnumMap<>(discrepancies);
    }

    /**
     * The report of a range before any of it was read: every endpoint and discrepancy at nothing, to which {@link
     * #including} adds the range's slices.
     */
    public static ReconciliationReport empty(ReconciliationQuery query) {
        Map<Discrepancy, Found> none = new EnumMap<>(Discrepancy.class);
        for (Discrepancy kind : Discrepancy.values()) {
            none.put(kind, new Found(0, List.of()));
        }
        return new ReconciliationReport(query, List.of(), none);
    }

    /**
     * This report with a later slice of its range added: each endpoint's figures summed, each discrepancy's count
     * summed and its ids, oldest first, still at most this query's {@code maxIds}. Slices added oldest first keep
     * the ids the oldest of the whole range.
     */
    public ReconciliationReport including(ReconciliationReport later) {
        Map<List<String>, EndpointTally> summed = new LinkedHashMap<>();
        Stream.concat(endpoints.stream(), later.endpoints.stream()).forEach(tally -> summed.merge(
                List.of(tally.provider(), tally.endpointId()), tally, EndpointTally::plus));
        Map<Discrepancy, Found> found = new EnumMap<>(Discrepancy.class);
        discrepancies.forEach((kind, earlier) -> found.put(kind,
                earlier.plus(later.discrepancies.get(kind), query.maxIds())));
        return new ReconciliationReport(query, summed.values().stream()
                .sorted(Comparator.comparing(EndpointTally::provider).thenComparing(EndpointTally::endpointId))
                .toList(), found);
    }

    /** The events one endpoint accepted in the range, by where they stand. */
    public record EndpointTally(String provider, String endpointId, long accepted, long processed, long failed,
            long pending) {

        EndpointTally plus(EndpointTally other) {
            return new EndpointTally(provider, endpointId, accepted + other.accepted, processed + other.processed,
                    failed + other.failed, pending + other.pending);
        }
    }

    /** How many rows disagree in one way, and the first of their ids (at most the query's {@code maxIds}). */
    public record Found(long count, List<UUID> inboxIds) {
        public Found {
            inboxIds = List.copyOf(inboxIds);
        }

        Found plus(Found later, int maxIds) {
            List<UUID> ids = new ArrayList<>(inboxIds);
            later.inboxIds.stream().limit(Math.max(0, maxIds - ids.size())).forEach(ids::add);
            return new Found(count + later.count, ids);
        }
    }

    /** All discrepancies of every kind. */
    public long total() {
        return discrepancies.values().stream().mapToLong(Found::count).sum();
    }
}
