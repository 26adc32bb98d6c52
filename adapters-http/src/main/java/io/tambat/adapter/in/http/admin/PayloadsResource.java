package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.payload.MovePayloadsUseCase;
import io.tambat.domain.model.BoundedCounts;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/**
 * Where stored payloads are, and their move to where new ones go ({@code tambat.payloads.store}): the rows or the
 * object store. Payloads themselves never appear.
 */
@Path("/admin/payloads")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class PayloadsResource {

    @Inject
    MovePayloadsUseCase payloads;

    @Context
    SecurityContext security;

    /** Where new payloads go, and how many retained ones are in the rows and in the object store. */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response placement() {
        MovePayloadsUseCase.Placement placement = payloads.placement();
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder()
                .add("store", placement.store())
                .add("in_rows", placement.places().inRows())
                .add("in_object_store", placement.places().inObjectStore())
                .add("counted_up_to", BoundedCounts.UP_TO)
                .build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /**
     * Moves every retained payload kept elsewhere to where new ones go, in the background (a bulk action: 200 when
     * it ended within the wait, else 202 and {@code GET /admin/actions/{id}}); start it again to go on after one
     * cut short.
     */
    @POST
    @Path("/move")
    public Response move(@Context HttpHeaders headers) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return ActionAnswers.answer(preference, payloads.move(AdminRequests.operator(security), preference.maxWait()),
                PayloadsResource::moved);
    }

    private static JsonObjectBuilder moved(MovePayloadsUseCase.Moved moved) {
        return JsonProviders.PROVIDER.createObjectBuilder().add("action_id", moved.actionId().toString())
                .add("to", moved.to()).add("moved", moved.moved());
    }
}
