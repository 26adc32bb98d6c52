package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.secrets.ManageSecretsUseCase;
import io.tambat.provider.spi.SecretVersion;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;

/**
 * Rotation without downtime: trust a new version, let both sign for a while, retire the old one. The secret
 * goes in once and never comes back out.
 */
@Path("/admin/endpoints/{endpointId}/secrets")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
public class SecretVersionsResource {

    @Inject
    ManageSecretsUseCase secrets;

    @Context
    SecurityContext security;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Produces(MediaType.APPLICATION_JSON)
    public Response list(@PathParam("endpointId") String endpointId) {
        JsonArrayBuilder versions = JsonProviders.PROVIDER.createArrayBuilder();
        secrets.versions(endpointId).forEach(info -> versions.add(SecretVersionJson.of(info)));
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder().add("versions", versions).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response add(@PathParam("endpointId") String endpointId, @Context HttpHeaders headers,
            InputStream body) {
        JsonObject request = AdminRequests.body(body, headers.getLength());
        String version = AdminRequests.text(request, "version");
        String secret = AdminRequests.text(request, "secret");
        if (!secrets.addVersion(AdminRequests.operator(security), endpointId, version, secret)) {
            return Problems.of(ProblemCode.SECRET_VERSION_EXISTS, "this endpoint already has a version with that name");
        }
        return Response.status(Response.Status.CREATED)
                .entity(JsonProviders.PROVIDER.createObjectBuilder().add("version", version).build().toString())
                .type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    @DELETE
    @Path("/{version}")
    public Response retire(@PathParam("endpointId") String endpointId, @PathParam("version") String version) {
        if (!SecretVersion.isValidName(version) || !secrets.retireVersion(AdminRequests.operator(security), endpointId, version)) {
            return Problems.of(ProblemCode.UNKNOWN_SECRET_VERSION, "no trusted version with that name");
        }
        return Response.noContent().build();
    }
}
