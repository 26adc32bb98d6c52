package io.tambat.adapter.in.http.order;

import io.tambat.adapter.in.http.RequestSpan;
import io.tambat.adapter.in.http.body.JsonRequestBody;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.adapter.metrics.OrderRequestMetrics;
import io.tambat.adapter.metrics.OrderRequestMetrics.KeyOutcome;
import io.tambat.application.port.in.order.PlaceOrderUseCase;
import io.tambat.application.port.in.order.PlaceOrderUseCase.Placement;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationStatus;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code POST /orders}, {@code GET /orders/{id}} and {@code GET /orders/operations/{id}}. The tenant is the
 * verified token's {@code tenant_id}; answers are written only after the commit, and a replay is the stored
 * first answer with {@code Idempotent-Replayed: true}. With {@code Prefer: respond-async} the request becomes
 * a long operation: 202 and its status resource, which shows the final answer once a worker produced it.
 */
@Path("/orders")
@RequestScoped
public class OrdersResource {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final String REPLAYED = "Idempotent-Replayed";
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Inject
    JsonWebToken token;

    @Inject
    PlaceOrderUseCase orders;

    @Inject
    OrderRequestMetrics metrics;

    @Inject
    Settings settings;

    /**
     * The status a reused idempotency key is answered with (409, or 422 as the IETF draft has it) and the largest
     * body read. The composition root reads them with every other setting, where their keys are listed.
     */
    public record Settings(int reuseStatus, long maxBodyBytes) {
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Response place(@HeaderParam(IDEMPOTENCY_KEY) String key, @HeaderParam("Prefer") List<String> prefer,
            @Context HttpHeaders headers, InputStream body) {
        Optional<TenantId> tenant = tenant();
        if (tenant.isEmpty()) {
            return unauthorized();
        }
        if (key == null || key.isEmpty()) {
            return Problems.of(ProblemCode.IDEMPOTENCY_KEY_MISSING, "send an Idempotency-Key header");
        }
        if (!IdempotencyKey.isValid(key)) {
            return Problems.of(ProblemCode.IDEMPOTENCY_KEY_INVALID,
                    "an Idempotency-Key is 1-255 characters of [A-Za-z0-9_.:-]");
        }
        long started = System.nanoTime();
        try {
            // Read only now: an unauthenticated or keyless request never makes the server read its body.
            OrderRequest request = OrderRequestReader.read(JsonRequestBody.read(body, headers.getLength(),
                    settings.maxBodyBytes()));
            boolean respondAsync = AsyncPreference.requested(prefer);
            return answer(orders.place(tenant.get(), new IdempotencyKey(key), request, respondAsync), respondAsync);
        } finally {
            metrics.answered(Duration.ofNanos(System.nanoTime() - started));
        }
    }

    @GET
    @Path("/{orderId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response find(@PathParam("orderId") String orderId) {
        Optional<TenantId> tenant = tenant();
        if (tenant.isEmpty()) {
            return unauthorized();
        }
        Optional<UUID> id = uuid(orderId);
        return id.flatMap(found -> orders.find(tenant.get(), found))
                .map(order -> Response.ok(OrderJson.body(order), MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_ORDER, "no such order"));
    }

    /** In progress, or the final answer exactly as a replay gives it. */
    @GET
    @Path("/operations/{operationId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response operation(@PathParam("operationId") String operationId) {
        Optional<TenantId> tenant = tenant();
        if (tenant.isEmpty()) {
            return unauthorized();
        }
        return uuid(operationId).flatMap(found -> orders.operation(tenant.get(), found))
                .map(state -> state.outcome().map(outcome -> answer(outcome, false))
                        .orElseGet(() -> Response.ok(status(state.status()), MediaType.APPLICATION_JSON_TYPE)
                                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER.toSeconds()).build()))
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_OPERATION, "no such operation"));
    }

    private Response answer(Placement placement, boolean respondAsync) {
        if (placement instanceof Placement.Answered answered) {
            RecordedOutcome outcome = answered.outcome();
            counted(answered.replayed() ? KeyOutcome.REPLAYED
                    : outcome.result() == OrderResult.CREATED ? KeyOutcome.CLAIMED : KeyOutcome.REJECTED,
                    outcome.orderId());
            return answer(outcome, answered.replayed());
        }
        if (placement instanceof Placement.Accepted accepted) {
            counted(accepted.replayed() ? KeyOutcome.REPLAYED : KeyOutcome.CLAIMED, Optional.empty());
            return accepted(accepted, respondAsync);
        }
        if (placement instanceof Placement.KeyReused) {
            counted(KeyOutcome.CONFLICT, Optional.empty());
            return Problems.of(settings.reuseStatus(), ProblemCode.IDEMPOTENCY_KEY_REUSED,
                    "this Idempotency-Key was used with different parameters");
        }
        counted(KeyOutcome.IN_PROGRESS_TIMEOUT, Optional.empty());
        return Problems.retryable(ProblemCode.IDEMPOTENCY_IN_PROGRESS,
                "a request with this Idempotency-Key is still in progress", RETRY_AFTER);
    }

    /** On the metric and on the request's span alike. */
    private void counted(KeyOutcome outcome, Optional<UUID> orderId) {
        metrics.counted(outcome);
        RequestSpan.order(outcome, orderId);
    }

    private static Response accepted(Placement.Accepted accepted, boolean respondAsync) {
        Response.ResponseBuilder response = Response.status(Response.Status.ACCEPTED)
                .entity(status(accepted.status()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.LOCATION, "/orders/operations/" + accepted.operationId());
        if (respondAsync) {
            response.header("Preference-Applied", AsyncPreference.RESPOND_ASYNC);
        }
        if (accepted.status() == OperationStatus.IN_PROGRESS) {
            response.header(HttpHeaders.RETRY_AFTER, RETRY_AFTER.toSeconds());
        }
        if (accepted.replayed()) {
            response.header(REPLAYED, "true");
        }
        return response.build();
    }

    private static String status(OperationStatus status) {
        return JsonProviders.PROVIDER.createObjectBuilder().add("status", status.name()).build().toString();
    }

    /** A recorded outcome exactly as first answered: the recorded bytes, with the status of its result. */
    private static Response answer(RecordedOutcome outcome, boolean replayed) {
        Response.ResponseBuilder response = Response.status(OrderJson.status(outcome.result()))
                .entity(outcome.representation())
                .type(outcome.orderId().isPresent() ? MediaType.APPLICATION_JSON : Problems.MEDIA_TYPE);
        outcome.orderId().ifPresent(id -> response.header(HttpHeaders.LOCATION, "/orders/" + id));
        if (replayed) {
            response.header(REPLAYED, "true");
        }
        return response.build();
    }

    private Optional<TenantId> tenant() {
        if (token == null || token.getRawToken() == null) {
            return Optional.empty();
        }
        Object claim = token.getClaim("tenant_id");
        String value = claim instanceof jakarta.json.JsonString json ? json.getString()
                : claim == null ? null : claim.toString();
        try {
            return Optional.ofNullable(value).map(TenantId::new);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Response unauthorized() {
        return Response.fromResponse(Problems.of(ProblemCode.UNAUTHORIZED,
                        "a bearer token with a tenant_id claim is required"))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"MP-JWT\"").build();
    }

    private static Optional<UUID> uuid(String value) {
        try {
            return Optional.of(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
