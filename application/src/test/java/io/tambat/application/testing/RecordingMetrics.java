package io.tambat.application.testing;

import io.tambat.domain.port.out.order.OrderMetricsPort;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every measurement of processing, work queues and long operations as a short line
 * ({@code processed mutated}, {@code lost inbox}), in order.
 */
public final class RecordingMetrics implements ProcessingMetricsPort, WorkMetricsPort, OrderMetricsPort {

    private final List<String> recorded = new ArrayList<>();

    public List<String> recorded() {
        return List.copyOf(recorded);
    }

    @Override
    public void processed(boolean mutated) {
        recorded.add(mutated ? "processed mutated" : "processed unchanged");
    }

    @Override
    public void retried() {
        recorded.add("retried");
    }

    @Override
    public void failed() {
        recorded.add("failed");
    }

    @Override
    public void sequenceGapExceeded(boolean reconciled) {
        recorded.add(reconciled ? "gap reconciled" : "gap unfilled");
    }

    @Override
    public void lost(String queue) {
        recorded.add("lost " + queue);
    }

    @Override
    public void backgroundShare(double share) {
        recorded.add("background share " + share);
    }

    @Override
    public void operationAttempt(String outcome) {
        recorded.add("operation " + outcome);
    }

    @Override
    public void placementRolledBack() {
        recorded.add("placement rolled back");
    }

    @Override
    public void purged(String kind, int count) {
        recorded.add("purged " + kind + " " + count);
    }
}
