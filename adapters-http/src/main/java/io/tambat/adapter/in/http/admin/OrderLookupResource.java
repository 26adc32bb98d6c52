package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.order.OrderJson;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.application.port.in.order.LookUpOrdersUseCase;
import io.tambat.domain.model.order.TenantOrder;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * {@code GET /admin/orders/{orderId}}: any tenant's order, as its tenant sees it plus {@code tenant_id}. A
 * tenant's own look-up ({@code GET /orders/{id}}) never shows the tenant, and never another tenant's order.
 */
@Path("/admin/orders")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class OrderLookupResource {

    @Inject
    LookUpOrdersUseCase lookups;

    @Context
    SecurityContext security;

    /** A malformed id is answered like an unknown one: no order can have it. */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{orderId}")
    public Response find(@PathParam("orderId") @Parameter(description = "the order's id",
            schema = @Schema(type = SchemaType.STRING, format = "uuid")) String orderId) {
        return AdminRequests.uuid(orderId).flatMap(id -> lookups.order(AdminRequests.operator(security), id))
                .map(order -> Response.ok(json(order), MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_ORDER, "no order has this id"));
    }

    private static String json(TenantOrder found) {
        return OrderJson.json(found.order()).add("tenant_id", found.tenant().value()).build().toString();
    }
}
