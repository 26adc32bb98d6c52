package io.tambat.domain.model.reconciliation;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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

    /** The events one endpoint accepted in the range, by where they stand. */
    public record EndpointTally(String provider, String endpointId, long accepted, long processed, long failed,
            long pending) {
    }

    /** How many rows disagree in one way, and the first of their ids (at most the query's {@code maxIds}). */
    public record Found(long count, List<UUID> inboxIds) {
        public Found {
            inboxIds = List.copyOf(inboxIds);
        }
    }

    /** All discrepancies of every kind. */
    public long total() {
        return discrepancies.values().stream().mapToLong(Found::count).sum();
    }
}
