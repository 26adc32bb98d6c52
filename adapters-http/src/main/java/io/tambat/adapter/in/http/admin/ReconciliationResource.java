package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.inbox.ReconcileInboxUseCase;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;

/**
 * The reconciliation report of a time range: per provider and endpoint, accepted events against processed,
 * failed and pending ones, and the ids of the events that disagree.
 */
@Path("/admin/reconciliation")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    /** A longer range is several reports: one read of a month of rows is as long as an operator should wait. */
    static final Duration MAX_RANGE = Duration.ofDays(31);

    @Inject
    ReconcileInboxUseCase reconciliation;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response report(@QueryParam("from") String from, @QueryParam("to") String to) {
        Instant start = AdminRequests.instant("from", required("from", from));
        Instant end = AdminRequests.instant("to", required("to", to));
        if (!start.isBefore(end)) {
            throw new InvalidRequestException("to", "to must be after from");
        }
        if (Duration.between(start, end).compareTo(MAX_RANGE) > 0) {
            throw new InvalidRequestException("to", "a report covers at most " + MAX_RANGE.toDays() + " days");
        }
        return Response.ok(json(reconciliation.reconcile(start, end)).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static String required(String parameter, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(parameter, parameter + " is required (an ISO-8601 instant)");
        }
        return value;
    }

    private static JsonObjectBuilder json(ReconciliationReport report) {
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
