package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.processing.QueryObjectStateUseCase;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@code GET /admin/objects/{provider}/{objectType}/{objectId}[?endpoint=]}: the state processing derived. */
@Path("/admin/objects/{provider}/{objectType}/{objectId}")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
public class ObjectStateResource {

    @Inject
    QueryObjectStateUseCase objects;

    /**
     * Without {@code endpoint}, the object's state when exactly one endpoint has it; when several do (two
     * senders using the same object id), 409 {@code ambiguous_object} naming them, so the caller picks one.
     */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Produces(MediaType.APPLICATION_JSON)
    public Response find(@PathParam("provider") String provider, @PathParam("objectType") String objectType,
            @PathParam("objectId") String objectId, @QueryParam("endpoint") String endpoint) {
        Optional<EndpointId> scope = AdminRequests.filter("endpoint", endpoint).map(AdminRequests::endpointId);
        List<ObjectState> states = ObjectType.fromCode(objectType)
                .map(type -> objects.find(new ObjectKey(provider, type, objectId), scope))
                .orElse(List.of());
        if (states.isEmpty()) {
            return Problems.of(ProblemCode.UNKNOWN_OBJECT, "processing derived no state for this object");
        }
        if (states.size() > 1) {
            return Problems.of(ProblemCode.AMBIGUOUS_OBJECT, "several endpoints hold this object: "
                    + states.stream().map(state -> state.endpointId().value()).collect(Collectors.joining(", "))
                    + "; name one with ?endpoint=");
        }
        ObjectState state = states.get(0);
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("endpoint_id", state.endpointId().value())
                .add("state", state.state());
        state.version().ifPresentOrElse(v -> json.add("version", v), () -> json.addNull("version"));
        json.add("last_inbox_id", state.lastInboxId().toString())
                .add("updated_at", state.updatedAt().toString());
        return Response.ok(json.build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }
}
