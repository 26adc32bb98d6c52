package io.tambat.adapter.metrics;

import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * What the last scheduled reconciliation found, one gauge per kind of discrepancy; -1 until a run has finished
 * on this instance (an instance with processing off never runs one).
 */
@ApplicationScoped
public class ReconciliationMetrics implements ReconciliationMetricsPort {

    @Inject
    MetricRegistry registry;

    private final Map<Discrepancy, AtomicLong> found = new EnumMap<>(Discrepancy.class);

    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        Metadata metadata = Metadata.builder().withName("tambat.reconciliation.discrepancies").withUnit(MetricUnits.NONE)
                .withDescription("accepted events whose processing disagrees, as the last scheduled reconciliation "
                        + "found them").build();
        for (Discrepancy kind : Discrepancy.values()) {
            AtomicLong count = new AtomicLong(-1);
            found.put(kind, count);
            registry.gauge(metadata, count, AtomicLong::get, new Tag("kind", kind.code()));
        }
    }

    @Override
    public void reconciled(ReconciliationReport report) {
        report.discrepancies().forEach((kind, discrepancy) -> found.get(kind).set(discrepancy.count()));
    }
}
