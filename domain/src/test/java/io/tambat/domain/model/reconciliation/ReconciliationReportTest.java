package io.tambat.domain.model.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A report of a wide range is the sum of its slices, read oldest first. */
class ReconciliationReportTest {

    private static final Instant FROM = Instant.parse("2026-11-01T00:00:00Z");
    private static final ReconciliationQuery WHOLE = query(FROM, FROM.plus(Duration.ofDays(2)), 3);

    @Test
    void sumsEachEndpointAcrossSlicesAndListsEveryEndpointOnce() {
        ReconciliationReport first = slice(List.of(tally("stripe", "main", 5, 4, 1, 0)), 0, List.of(), 0, List.of());
        ReconciliationReport second = slice(List.of(tally("github", "repo", 2, 2, 0, 0),
                tally("stripe", "main", 3, 1, 0, 2)), 0, List.of(), 0, List.of());

        ReconciliationReport whole = ReconciliationReport.empty(WHOLE).including(first).including(second);

        assertThat(whole.query()).isEqualTo(WHOLE);
        assertThat(whole.endpoints()).containsExactly(tally("github", "repo", 2, 2, 0, 0),
                tally("stripe", "main", 8, 5, 1, 2));
    }

    @Test
    void countsEveryDiscrepancyButNamesOnlyTheOldestIdsUpToTheLimit() {
        List<UUID> early = ids(2);
        List<UUID> late = ids(2);
        List<UUID> unprocessed = ids(1);
        ReconciliationReport first = slice(List.of(), 2, early, 0, List.of());
        ReconciliationReport second = slice(List.of(), 7, late, 1, unprocessed);

        ReconciliationReport whole = ReconciliationReport.empty(WHOLE).including(first).including(second);

        assertThat(whole.discrepancies().get(Discrepancy.STALLED))
                .isEqualTo(new ReconciliationReport.Found(9, List.of(early.get(0), early.get(1), late.get(0))));
        assertThat(whole.discrepancies().get(Discrepancy.PROCESSED_WITHOUT_MUTATION))
                .isEqualTo(new ReconciliationReport.Found(1, unprocessed));
        assertThat(whole.total()).isEqualTo(10);
    }

    @Test
    void anEmptyReportFindsNothing() {
        ReconciliationReport empty = ReconciliationReport.empty(WHOLE);

        assertThat(empty.endpoints()).isEmpty();
        assertThat(empty.discrepancies()).containsOnlyKeys(Discrepancy.values());
        assertThat(empty.total()).isZero();
    }

    private static ReconciliationReport slice(List<ReconciliationReport.EndpointTally> endpoints, long stalled,
            List<UUID> stalledIds, long unprocessed, List<UUID> unprocessedIds) {
        return new ReconciliationReport(query(FROM, FROM.plus(Duration.ofHours(1)), 3), endpoints, Map.of(
                Discrepancy.STALLED, new ReconciliationReport.Found(stalled, stalledIds),
                Discrepancy.PROCESSED_WITHOUT_MUTATION, new ReconciliationReport.Found(unprocessed, unprocessedIds)));
    }

    private static ReconciliationReport.EndpointTally tally(String provider, String endpoint, long accepted,
            long processed, long failed, long pending) {
        return new ReconciliationReport.EndpointTally(provider, endpoint, accepted, processed, failed, pending);
    }

    private static ReconciliationQuery query(Instant from, Instant to, int maxIds) {
        return new ReconciliationQuery(from, to, FROM.plus(Duration.ofDays(3)), Duration.ofMinutes(15),
                FROM.minus(Duration.ofDays(30)), maxIds);
    }

    private static List<UUID> ids(int count) {
        return IntStream.range(0, count).mapToObj(i -> UUID.randomUUID()).toList();
    }
}
