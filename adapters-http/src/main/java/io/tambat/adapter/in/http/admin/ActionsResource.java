package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.application.port.in.inbox.ReconcileInboxUseCase;
import io.tambat.application.port.in.operator.ReadAuditTrailUseCase;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;

/**
 * One operator action and where it stands: a bulk action answered 202 runs on in the background, its count
 * growing with each batch that commits, until it ends (completed or failed), or is abandoned when it makes no
 * more progress (its instance stopped). An action that keeps a result for its operator (a background
 * reconciliation's report) shows it as {@code result} once it completed.
 */
@Path("/admin/actions")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class ActionsResource {

    @Inject
    ReadAuditTrailUseCase audit;

    @Inject
    ReconcileInboxUseCase reconciliation;

    @Inject
    Clock clock;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{actionId}")
    public Response action(@PathParam("actionId") String actionId) {
        return AdminRequests.uuid(actionId).flatMap(audit::action)
                .map(progress -> Response.ok(OperatorActionJson.progress(progress, clock.instant())
                        .add("result", result(progress.action())).build().toString(),
                        MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_ACTION, "no operator action has this id"));
    }

    /** What the action kept for its operator once it completed (a background reconciliation's report), or null. */
    private JsonValue result(OperatorAction action) {
        if (action.kind() != OperatorAction.Kind.INBOX_RECONCILIATION) {
            return JsonValue.NULL;
        }
        return reconciliation.kept(action.actionId()).<JsonValue>map(report -> ReconciliationJson.report(report)
                .build()).orElse(JsonValue.NULL);
    }
}
