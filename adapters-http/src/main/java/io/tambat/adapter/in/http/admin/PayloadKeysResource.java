package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.secrets.RotatePayloadKeysUseCase;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * Payload-key rotation for operators: which keys seal how many stored ciphertexts, and re-sealing under the
 * current key. Key material never appears; key ids do.
 */
@Path("/admin/payload-keys")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class PayloadKeysResource {

    private static final int DEFAULT_LIMIT = 10_000;

    @Inject
    RotatePayloadKeysUseCase keys;

    @Context
    SecurityContext security;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response use() {
        return json(use(keys.keyUse()));
    }

    /**
     * Re-seals up to {@code limit} ciphertexts, in the background (a bulk action: 200 when it ended within the
     * wait, else 202 and {@code GET /admin/actions/{id}}); call again until {@code remaining} is 0.
     */
    @POST
    @Path("/reseal")
    public Response reseal(@QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER,
            minimum = "1", maximum = "" + RotatePayloadKeysUseCase.MAX_ROWS_PER_CALL,
            defaultValue = "" + DEFAULT_LIMIT)) String limit, @Context HttpHeaders headers) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return ActionAnswers.answer(preference, keys.reseal(AdminRequests.operator(security),
                AdminRequests.limit(limit, DEFAULT_LIMIT, RotatePayloadKeysUseCase.MAX_ROWS_PER_CALL),
                preference.maxWait()), resealed -> use(resealed.keyUse())
                        .add("action_id", resealed.actionId().toString())
                        .add("resealed", resealed.resealed()));
    }

    private static JsonObjectBuilder use(RotatePayloadKeysUseCase.KeyUse use) {
        JsonObjectBuilder sealed = JsonProviders.PROVIDER.createObjectBuilder();
        use.sealedPerKey().forEach(sealed::add);
        return JsonProviders.PROVIDER.createObjectBuilder()
                .add("current", use.configured().get(0))
                .add("configured", JsonProviders.PROVIDER.createArrayBuilder(use.configured()))
                .add("sealed", sealed)
                .add("remaining", use.awaitingReseal());
    }

    private static Response json(JsonObjectBuilder body) {
        return Response.ok(body.build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }
}
