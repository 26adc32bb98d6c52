package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.JsonProviders;
import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.application.port.in.QueryObjectStateUseCase;
import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectType;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /admin/objects/{provider}/{objectType}/{objectId}}: the state processing derived. */
@Path("/admin/objects/{provider}/{objectType}/{objectId}")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
public class ObjectStateResource {

    @Inject
    QueryObjectStateUseCase objects;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response find(@PathParam("provider") String provider, @PathParam("objectType") String objectType,
            @PathParam("objectId") String objectId) {
        return ObjectType.fromCode(objectType)
                .flatMap(type -> objects.find(new ObjectKey(provider, type, objectId)))
                .map(state -> {
                    JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder().add("state", state.state());
                    state.version().ifPresentOrElse(v -> json.add("version", v), () -> json.addNull("version"));
                    json.add("last_inbox_id", state.lastInboxId().toString())
                            .add("updated_at", state.updatedAt().toString());
                    return Response.ok(json.build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
                })
                .orElseGet(() -> Problems.of(404, "unknown_object", "Unknown object",
                        "processing derived no state for this object"));
    }
}
