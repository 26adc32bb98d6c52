package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.application.port.in.operator.ReadAuditTrailUseCase;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
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
 * more progress (its instance stopped).
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
    Clock clock;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{actionId}")
    public Response action(@PathParam("actionId") String actionId) {
        return AdminRequests.uuid(actionId).flatMap(audit::action)
                .map(progress -> Response.ok(OperatorActionJson.progress(progress, clock.instant()).build().toString(),
                        MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_ACTION, "no operator action has this id"));
    }
}
