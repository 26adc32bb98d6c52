package io.tambat.adapter.in.http.order;

import io.tambat.adapter.in.http.JsonProviders;
import io.tambat.adapter.in.http.body.JsonRequestBody;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.application.port.in.PlaceOrderUseCase;
import io.tambat.application.webhook.IngressSettings;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.IdempotencyKeyReusedException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.StoredOutcome;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

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
    private static final String IN_PROGRESS = "IN_PROGRESS";
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    @Inject
    JsonWebToken token;

    @Inject
    PlaceOrderUseCase orders;

    @Inject
    MetricRegistry metrics;

    @Inject
    IngressSettings ingress;

    @Inject
    @ConfigProperty(name = "tambat.idempotency.reuse-status", defaultValue = "409")
    int reuseStatus;

    @Inject
    @ConfigProperty(name = "tambat.orders.max-body-bytes", defaultValue = "262144")
    long maxBodyBytes;

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
                    maxBodyBytes));
            boolean respondAsync = AsyncPreference.requested(prefer);
            PlaceOrderUseCase.Placed placed = orders.place(tenant.get(), new IdempotencyKey(key), request,
                    respondAsync);
            if (placed instanceof PlaceOrderUseCase.Placed.Accepted accepted) {
                count(accepted.replayed() ? "replayed" : "claimed");
                return accepted(accepted, respondAsync);
            }
            StoredOutcome outcome = ((PlaceOrderUseCase.Placed.Answered) placed).outcome();
            count(placed.replayed() ? "replayed" : outcome.status() < 300 ? "claimed" : "rejected");
            return answer(outcome, placed.replayed());
        } catch (IdempotencyKeyReusedException e) {
            count("conflict");
            return Problems.of(reuseStatus, ProblemCode.IDEMPOTENCY_KEY_REUSED, e.getMessage());
        } catch (IdempotencyInProgressException e) {
            count("in_progress_timeout");
            return Problems.retryable(ProblemCode.IDEMPOTENCY_IN_PROGRESS, e.getMessage(), RETRY_AFTER);
        } catch (StoreUnavailableException e) {
            metrics.counter("tambat.orders.rollbacks").inc();
            return Problems.retryable(ProblemCode.STORAGE_UNAVAILABLE,
                    "nothing was stored; retry with the same Idempotency-Key", ingress.retryAfter());
        } finally {
            metrics.timer("tambat.orders.create").update(Duration.ofNanos(System.nanoTime() - started));
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
                        .orElseGet(() -> Response.ok(status(IN_PROGRESS), MediaType.APPLICATION_JSON_TYPE)
                                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER.toSeconds()).build()))
                .orElseGet(() -> Problems.of(ProblemCode.UNKNOWN_OPERATION, "no such operation"));
    }

    private static Response accepted(PlaceOrderUseCase.Placed.Accepted accepted, boolean respondAsync) {
        Response.ResponseBuilder response = Response.status(Response.Status.ACCEPTED)
                .entity(status(accepted.done() ? "COMPLETED" : IN_PROGRESS))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.LOCATION, "/orders/operations/" + accepted.operationId());
        if (respondAsync) {
            response.header("Preference-Applied", AsyncPreference.RESPOND_ASYNC);
        }
        if (!accepted.done()) {
            response.header(HttpHeaders.RETRY_AFTER, RETRY_AFTER.toSeconds());
        }
        if (accepted.replayed()) {
            response.header(REPLAYED, "true");
        }
        return response.build();
    }

    private static String status(String status) {
        return JsonProviders.PROVIDER.createObjectBuilder().add("status", status).build().toString();
    }

    private static Response answer(StoredOutcome outcome, boolean replayed) {
        Response.ResponseBuilder response = Response.status(outcome.status()).entity(outcome.body())
                .type(outcome.status() < 300 ? MediaType.APPLICATION_JSON : Problems.MEDIA_TYPE);
        outcome.resourceId().ifPresent(id -> response.header(HttpHeaders.LOCATION, "/orders/" + id));
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

    private void count(String outcome) {
        metrics.counter("tambat.idempotency.requests", new Tag("outcome", outcome)).inc();
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
