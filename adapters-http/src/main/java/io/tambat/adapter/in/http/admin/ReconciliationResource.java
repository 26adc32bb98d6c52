package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.application.port.in.inbox.ReconcileInboxUseCase;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * The reconciliation report of a time range: per provider and endpoint, accepted events against processed,
 * failed and pending ones, and the ids of the events that disagree. Up to a month is answered at once from one
 * snapshot; up to a year is read in the background an hour at a time, and kept with its action.
 */
@Path("/admin/reconciliation")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    /** A longer range is several reports: one read of a month of rows is as long as an operator should wait. */
    static final Duration MAX_RANGE = Duration.ofDays(31);
    /** The longest range a background reconciliation reads: a year and a day, so a whole year fits. */
    static final Duration MAX_BACKGROUND_RANGE = Duration.ofDays(366);
    private static final Set<String> MEMBERS = Set.of("from", "to");

    @Inject
    ReconcileInboxUseCase reconciliation;

    @Context
    SecurityContext security;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response report(@QueryParam("from") String from, @QueryParam("to") String to) {
        Instant start = AdminRequests.instant("from", required("from", from));
        Instant end = AdminRequests.instant("to", required("to", to));
        within(start, end, MAX_RANGE, "to");
        return Response.ok(ReconciliationJson.report(reconciliation.reconcile(start, end)).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }

    /**
     * The report of a range of up to a year, read in the background: answered with the report when it is read
     * within the wait, else 202 and {@code GET /admin/actions/{id}}, whose {@code result} is the report once the
     * action completed ({@link ActionAnswers}).
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response reportInBackground(@Context HttpHeaders headers, InputStream body) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        JsonObject range = AdminRequests.body(body, headers.getLength());
        AdminRequests.onlyMembers(range, MEMBERS);
        Instant start = AdminRequests.instant("/from", AdminRequests.text(range, "from"));
        Instant end = AdminRequests.instant("/to", AdminRequests.text(range, "to"));
        within(start, end, MAX_BACKGROUND_RANGE, "/to");
        ActionAnswer<ReconciliationReport> answer = reconciliation.reconcileInBackground(
                AdminRequests.operator(security), start, end, preference.maxWait());
        return ActionAnswers.answer(preference, answer,
                report -> ReconciliationJson.report(report).add("action_id", answer.actionId().toString()));
    }

    /** A range that ends after it starts and is at most {@code longest}, refused naming {@code toField}. */
    private static void within(Instant start, Instant end, Duration longest, String toField) {
        if (!start.isBefore(end)) {
            throw new InvalidRequestException(toField, "to must be after from");
        }
        if (Duration.between(start, end).compareTo(longest) > 0) {
            throw new InvalidRequestException(toField, "a report covers at most " + longest.toDays() + " days");
        }
    }

    private static String required(String parameter, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(parameter, parameter + " is required (an ISO-8601 instant)");
        }
        return value;
    }
}
