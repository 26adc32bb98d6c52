package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.order.OrderJson;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.order.LookUpOrdersUseCase;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantOperation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
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
 * {@code GET /admin/order-operations/{operationId}}: any tenant's long operation, where it stands and, once
 * done, how it ended (the status and problem code its client got, and the order it created). Never the
 * Idempotency-Key, the fingerprint or the client's answer body: the client polls {@code /orders/operations}
 * for that.
 */
@Path("/admin/order-operations")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class OrderOperationLookupResource {

    @Inject
    LookUpOrdersUseCase lookups;

    @Context
    SecurityContext security;

    /** A malformed id is answered like an unknown one: no operation can have it. */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{operationId}")
    public Response find(@PathParam("operationId") @Parameter(description = "the operation's id",
            schema = @Schema(type = SchemaType.STRING, format = "uuid")) String operationId) {
        return AdminRequests.uuid(operationId).flatMap(id -> lookups.operation(AdminRequests.operator(security), id))
                .map(operation -> Response.ok(json(operation), MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_OPERATION, "no operation has this id"));
    }

    private static String json(TenantOperation operation) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("operation_id", operation.operationId().toString())
                .add("tenant_id", operation.tenant().value())
                .add("status", operation.state().status().name())
                .add("created_at", operation.createdAt().toString());
        operation.state().outcome().ifPresent(outcome -> {
            outcome.orderId().ifPresent(orderId -> json.add("order_id", orderId.toString()));
            json.add("outcome", outcome(outcome));
        });
        return json.build().toString();
    }

    /** How the client was answered: the status, and the problem code when no order was created. */
    private static JsonObjectBuilder outcome(RecordedOutcome outcome) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("result", outcome.result().name())
                .add("status", OrderJson.status(outcome.result()));
        OrderJson.problemOf(outcome.result()).ifPresent(problem -> json.add("code", problem.code()));
        return json;
    }
}
