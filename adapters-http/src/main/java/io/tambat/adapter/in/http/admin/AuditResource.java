package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.operator.ReadAuditTrailUseCase;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The audit trail of operator actions, newest first: who did what, when, to what, and how many items changed. */
@Path("/admin/audit")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    private static final int DEFAULT_LIMIT = 100;

    @Inject
    ReadAuditTrailUseCase audit;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response list(@QueryParam("action") String action,
            @QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "" + ReadAuditTrailUseCase.MAX_LIMIT, defaultValue = "100")) String limit) {
        Optional<OperatorAction.Kind> kind = AdminRequests.filter("action", action).map(code -> OperatorAction.Kind
                .ofCode(code).orElseThrow(() -> new InvalidRequestException("action", "action must be one of "
                        + Arrays.stream(OperatorAction.Kind.values()).map(OperatorAction.Kind::code).toList())));
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        audit.recent(kind, AdminRequests.limit(limit, DEFAULT_LIMIT, ReadAuditTrailUseCase.MAX_LIMIT))
                .forEach(entry -> items.add(OperatorActionJson.entry(entry)));
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder().add("items", items).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }
}
