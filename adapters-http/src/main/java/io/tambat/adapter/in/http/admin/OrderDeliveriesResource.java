package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.order.OperateOrderDeliveriesUseCase;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.model.order.OrderDeliveryStatus;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** Operators' view of OrderCreated deliveries to payments and inventory that ended FAILED, and their redrive. */
@Path("/admin/order-deliveries")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class OrderDeliveriesResource {

    private static final int DEFAULT_LIMIT = 100;

    @Inject
    OperateOrderDeliveriesUseCase deliveries;

    @Context
    SecurityContext security;

    /** {@code status} may be omitted; FAILED is the only status listed (the others are work in progress). */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response list(@QueryParam("status") String status,
            @QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "" + OperateOrderDeliveriesUseCase.MAX_LIST_LIMIT, defaultValue = "100")) String limit) {
        AdminRequests.oneOf("status", status, Set.of(OrderDeliveryStatus.FAILED.name()));
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        deliveries.failed(AdminRequests.limit(limit, DEFAULT_LIMIT, OperateOrderDeliveriesUseCase.MAX_LIST_LIMIT))
                .forEach(delivery -> items.add(row(delivery)));
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder().add("items", items).build().toString(),
                MediaType.APPLICATION_JSON_TYPE).build();
    }

    @POST
    @Path("/{outboxId}/redrive")
    public Response redrive(@PathParam("outboxId") String outboxId) {
        long id;
        try {
            id = Long.parseLong(outboxId);
        } catch (NumberFormatException e) {
            return unknown();
        }
        if (!deliveries.redrive(AdminRequests.operator(security), id)) {
            return unknown();
        }
        return Response.ok(JsonProviders.PROVIDER.createObjectBuilder().add("delivery_id", id)
                .add("status", OrderDeliveryStatus.PENDING.name()).build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static JsonObjectBuilder row(FailedOrderDelivery delivery) {
        return JsonProviders.PROVIDER.createObjectBuilder()
                .add("delivery_id", delivery.outboxId())
                .add("order_id", delivery.orderId().toString())
                .add("status", OrderDeliveryStatus.FAILED.name())
                .add("attempt_count", delivery.attemptCount())
                .add("charged", delivery.charged())
                .add("reserved", delivery.reserved())
                .add("last_error", delivery.lastError())
                .add("created_at", delivery.createdAt().toString())
                .add("failed_at", delivery.failedAt().toString());
    }

    private static Response unknown() {
        return Problems.of(ProblemCode.UNKNOWN_ORDER_DELIVERY, "no FAILED order delivery has this id");
    }
}
