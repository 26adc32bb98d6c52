package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.secrets.ManageSecretsUseCase;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /admin/endpoints}: the configured endpoints, each with its provider and secret versions (created,
 * retired, last matched), so an operator sees in one call which versions still sign deliveries.
 */
@Path("/admin/endpoints")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
public class EndpointsResource {

    @Inject
    ManageSecretsUseCase secrets;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Produces(MediaType.APPLICATION_JSON)
    public Response list() {
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        for (ManageSecretsUseCase.EndpointSecrets endpoint : secrets.endpoints()) {
            JsonArrayBuilder versions = JsonProviders.PROVIDER.createArrayBuilder();
            endpoint.versions().forEach(info -> versions.add(SecretVersionJson.of(info)));
            items.add(JsonProviders.PROVIDER.createObjectBuilder()
                    .add("endpoint_id", endpoint.endpointId())
                    .add("provider", endpoint.provider())
                    .add("versions", versions));
        }
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder().add("items", items).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }
}
