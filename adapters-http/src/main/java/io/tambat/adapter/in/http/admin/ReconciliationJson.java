package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

/** A reconciliation report as operators read it, answered at once or kept by a background reconciliation. */
final class ReconciliationJson {

    private ReconciliationJson() {
    }

    static JsonObjectBuilder report(ReconciliationReport report) {
        JsonArrayBuilder endpoints = JsonProviders.PROVIDER.createArrayBuilder();
        report.endpoints().forEach(tally -> endpoints.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("provider", tally.provider())
                .add("endpoint_id", tally.endpointId())
                .add("accepted", tally.accepted())
                .add("processed", tally.processed())
                .add("failed", tally.failed())
                .add("pending", tally.pending())));
        JsonObjectBuilder discrepancies = JsonProviders.PROVIDER.createObjectBuilder();
        report.discrepancies().forEach((kind, found) -> {
            JsonArrayBuilder ids = JsonProviders.PROVIDER.createArrayBuilder();
            found.inboxIds().forEach(id -> ids.add(id.toString()));
            discrepancies.add(kind.code(), JsonProviders.PROVIDER.createObjectBuilder()
                    .add("count", found.count()).add("inbox_ids", ids));
        });
        return JsonProviders.PROVIDER.createObjectBuilder()
                .add("from", report.query().from().toString())
                .add("to", report.query().to().toString())
                .add("as_of", report.query().now().toString())
                .add("late_after_seconds", report.query().lateAfter().toSeconds())
                .add("endpoints", endpoints)
                .add("discrepancies", discrepancies)
                .add("discrepancy_total", report.total());
    }
}
