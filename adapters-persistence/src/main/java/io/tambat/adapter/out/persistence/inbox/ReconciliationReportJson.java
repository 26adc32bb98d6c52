package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The stored form of a kept reconciliation report: everything the report says, read back through the domain's
 * constructors. Discrepancies are stored under their codes, so a kind added later reads as found nowhere in an
 * older report.
 */
final class ReconciliationReportJson {

    private ReconciliationReportJson() {
    }

    static String write(ReconciliationReport report) {
        ReconciliationQuery query = report.query();
        JsonArrayBuilder endpoints = JsonProviders.PROVIDER.createArrayBuilder();
        report.endpoints().forEach(tally -> endpoints.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("provider", tally.provider()).add("endpoint_id", tally.endpointId())
                .add("accepted", tally.accepted()).add("processed", tally.processed())
                .add("failed", tally.failed()).add("pending", tally.pending())));
        JsonObjectBuilder discrepancies = JsonProviders.PROVIDER.createObjectBuilder();
        report.discrepancies().forEach((kind, found) -> {
            JsonArrayBuilder ids = JsonProviders.PROVIDER.createArrayBuilder();
            found.inboxIds().forEach(id -> ids.add(id.toString()));
            discrepancies.add(kind.code(), JsonProviders.PROVIDER.createObjectBuilder()
                    .add("count", found.count()).add("inbox_ids", ids));
        });
        return JsonProviders.PROVIDER.createObjectBuilder()
                .add("from", query.from().toString()).add("to", query.to().toString())
                .add("now", query.now().toString()).add("late_after", query.lateAfter().toString())
                .add("records_kept_since", query.recordsKeptSince().toString()).add("max_ids", query.maxIds())
                .add("endpoints", endpoints).add("discrepancies", discrepancies)
                .build().toString();
    }

    static ReconciliationReport read(String stored) {
        try (var reader = JsonProviders.PROVIDER.createReader(new StringReader(stored))) {
            JsonObject json = reader.readObject();
            ReconciliationQuery query = new ReconciliationQuery(instant(json, "from"), instant(json, "to"),
                    instant(json, "now"), Duration.parse(json.getString("late_after")),
                    instant(json, "records_kept_since"), json.getInt("max_ids"));
            JsonObject discrepancies = json.getJsonObject("discrepancies");
            Map<Discrepancy, ReconciliationReport.Found> found = new EnumMap<>(Discrepancy.class);
            for (Discrepancy kind : Discrepancy.values()) {
                JsonObject one = discrepancies.getJsonObject(kind.code());
                found.put(kind, one == null ? new ReconciliationReport.Found(0, List.of())
                        : new ReconciliationReport.Found(one.getJsonNumber("count").longValueExact(),
                                one.getJsonArray("inbox_ids").getValuesAs(JsonString.class).stream()
                                        .map(id -> UUID.fromString(id.getString())).toList()));
            }
            return new ReconciliationReport(query, json.getJsonArray("endpoints").getValuesAs(JsonObject.class)
                    .stream().map(tally -> new ReconciliationReport.EndpointTally(tally.getString("provider"),
                            tally.getString("endpoint_id"), number(tally, "accepted"), number(tally, "processed"),
                            number(tally, "failed"), number(tally, "pending")))
                    .toList(), found);
        }
    }

    private static Instant instant(JsonObject json, String member) {
        return Instant.parse(json.getString(member));
    }

    private static long number(JsonObject json, String member) {
        return json.getJsonNumber(member).longValueExact();
    }
}
