package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.forwarding.OperateDestinationsUseCase;
import io.tambat.application.port.in.forwarding.OperateDestinationsUseCase.FailedDeliveryOutcome;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.ReceivedRange;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.InputStream;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * Operators' view of the forwarding destinations (each one's state and backlog, its deliveries, the keys FAILED
 * deliveries hold) and their actions: redrive or skip a FAILED delivery, redrive or replay a received range,
 * pause and resume, discard what a removed destination left. Errors are shown as written, redacted; never a body or a secret.
 */
@Path("/admin/destinations")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class DestinationsResource {

    private static final Set<String> STATUSES = Arrays.stream(DeliveryStatus.values()).map(DeliveryStatus::name)
            .collect(Collectors.toUnmodifiableSet());
    private static final int DEFAULT_LIMIT = 100;

    @Inject
    OperateDestinationsUseCase destinations;

    @Context
    SecurityContext security;

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response list() {
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        for (OperateDestinationsUseCase.DestinationState state : destinations.destinations()) {
            JsonObjectBuilder item = JsonProviders.PROVIDER.createObjectBuilder()
                    .add("destination_id", state.destinationId())
                    .add("state", state.state())
                    .add("pending", state.backlog().pending())
                    .add("failed", state.backlog().failed())
                    .add("oldest_pending_age_seconds", state.backlog().oldestPendingAgeSeconds())
                    .add("consecutive_failures", state.consecutiveFailures())
                    .add("held_keys", state.backlog().heldKeys());
            optional(item, "kind", state.kind());
            optional(item, "last_delivered_at", state.backlog().lastDeliveredAt().map(Instant::toString));
            optional(item, "last_error", state.lastError());
            items.add(item);
        }
        return json(JsonProviders.PROVIDER.createObjectBuilder().add("items", items));
    }

    /** Newest first; the next page passes the last item's {@code delivery_id} as {@code starting_after}. */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{id}/deliveries")
    public Response deliveries(@PathParam("id") String id, @QueryParam("status") String status,
            @QueryParam("inbox_id") String inboxId, @QueryParam("received_from") String receivedFrom,
            @QueryParam("received_to") String receivedTo, @QueryParam("starting_after") String startingAfter,
            @QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "" + DeliveryQuery.MAX_LIMIT, defaultValue = "100")) String limit) {
        Optional<Instant> from = AdminRequests.filter("received_from", receivedFrom)
                .map(value -> AdminRequests.instant("received_from", value));
        Optional<Instant> to = AdminRequests.filter("received_to", receivedTo)
                .map(value -> AdminRequests.instant("received_to", value));
        AdminRequests.receivedRange(from, to, "received_to");
        Optional<UUID> inbox = AdminRequests.filter("inbox_id", inboxId).map(value -> AdminRequests.uuid(value)
                .orElseThrow(() -> new InvalidRequestException("inbox_id", "inbox_id must be a UUID")));
        Optional<Long> after = AdminRequests.filter("starting_after", startingAfter).map(DestinationsResource::deliveryId)
                .map(value -> value.orElseThrow(() -> new InvalidRequestException("starting_after",
                        "starting_after must be a delivery id")));
        DeliveryQuery query = new DeliveryQuery(AdminRequests.oneOf("status", status, STATUSES)
                .map(DeliveryStatus::valueOf), inbox, from, to, after,
                AdminRequests.limit(limit, DEFAULT_LIMIT, DeliveryQuery.MAX_LIMIT));
        Optional<List<DeliveryRecord>> found = destinations.deliveries(id, query);
        if (found.isEmpty()) {
            return unknownDestination();
        }
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        found.get().forEach(delivery -> items.add(row(delivery)));
        return json(JsonProviders.PROVIDER.createObjectBuilder().add("items", items)
                .add("has_more", found.get().size() == query.limit()));
    }

    @POST
    @Path("/{id}/deliveries/{deliveryId}/redrive")
    public Response redrive(@PathParam("id") String id, @PathParam("deliveryId") String deliveryId) {
        return onFailed(deliveryId, DeliveryStatus.PENDING, "redriven",
                delivery -> destinations.redrive(AdminRequests.operator(security), id, delivery));
    }

    /** A FAILED delivery given up: SKIPPED, never sent again, releasing its ordering key. */
    @POST
    @Path("/{id}/deliveries/{deliveryId}/skip")
    public Response skip(@PathParam("id") String id, @PathParam("deliveryId") String deliveryId) {
        return onFailed(deliveryId, DeliveryStatus.SKIPPED, "skipped",
                delivery -> destinations.skip(AdminRequests.operator(security), id, delivery));
    }

    /** Every FAILED delivery of the events received in the range back to work, in bounded batches. */
    @POST
    @Path("/{id}/redrive")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response redriveFailed(@PathParam("id") String id, @Context HttpHeaders headers, InputStream body) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return recovered(preference, destinations.redriveFailed(AdminRequests.operator(security), id,
                range(headers, body), preference.maxWait()));
    }

    /** The messages of the events received in the range sent again, with their message ids. */
    @POST
    @Path("/{id}/replay")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response replay(@PathParam("id") String id, @Context HttpHeaders headers, InputStream body) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return recovered(preference, destinations.replay(AdminRequests.operator(security), id, range(headers, body),
                preference.maxWait()));
    }

    /** No delivery of the destination is sent, on any instance, until it is resumed. */
    @POST
    @Path("/{id}/pause")
    public Response pause(@PathParam("id") String id) {
        return destinations.pause(AdminRequests.operator(security), id) ? stateOf(id, "paused")
                : unknownDestination();
    }

    @POST
    @Path("/{id}/resume")
    public Response resume(@PathParam("id") String id) {
        return destinations.resume(AdminRequests.operator(security), id) ? stateOf(id, "active")
                : unknownDestination();
    }

    /**
     * A removed destination's unfinished deliveries given up (SKIPPED), in audited batches; a configured one's
     * are still sent, so it is refused.
     */
    @POST
    @Path("/{id}/discard")
    public Response discard(@PathParam("id") String id, @Context HttpHeaders headers) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        OperateDestinationsUseCase.DiscardOutcome outcome = destinations.discard(AdminRequests.operator(security), id,
                preference.maxWait());
        if (outcome instanceof OperateDestinationsUseCase.DiscardOutcome.Discarded discarded) {
            return ActionAnswers.answer(preference, discarded.recovery(),
                    done -> JsonProviders.PROVIDER.createObjectBuilder()
                            .add("action_id", done.actionId().toString())
                            .add("discarded", done.scheduled()));
        }
        if (outcome instanceof OperateDestinationsUseCase.DiscardOutcome.StillConfigured) {
            return Problems.of(ProblemCode.DESTINATION_CONFIGURED,
                    "the destination is configured: only a removed destination's deliveries can be discarded");
        }
        return unknownDestination();
    }

    /** The ordering keys whose later messages wait behind a FAILED delivery (per-object ordering). */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{id}/held-keys")
    public Response heldKeys(@PathParam("id") String id,
            @QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "" + DeliveryQuery.MAX_LIMIT, defaultValue = "100")) String limit) {
        int max = AdminRequests.limit(limit, DEFAULT_LIMIT, DeliveryQuery.MAX_LIMIT);
        Optional<List<HeldKey>> held = destinations.heldKeys(id, max);
        if (held.isEmpty()) {
            return unknownDestination();
        }
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        held.get().forEach(key -> items.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("ordering_key", key.orderingKey())
                .add("delivery_id", key.failedDeliveryId())
                .add("failed_at", key.failedAt().toString())
                .add("waiting", key.waiting())));
        return json(JsonProviders.PROVIDER.createObjectBuilder().add("items", items)
                .add("has_more", held.get().size() == max));
    }

    /** An action on one FAILED delivery, answered with the status it leaves or why it did nothing. */
    private static Response onFailed(String deliveryId, DeliveryStatus leaves, String done,
            LongFunction<FailedDeliveryOutcome> action) {
        Optional<Long> delivery = deliveryId(deliveryId);
        if (delivery.isEmpty()) {
            return unknownDelivery();
        }
        return switch (action.apply(delivery.get())) {
            case DONE -> json(JsonProviders.PROVIDER.createObjectBuilder().add("delivery_id", delivery.get())
                    .add("status", leaves.name()));
            case NOT_FOUND -> unknownDelivery();
            case NOT_FAILED -> Problems.of(ProblemCode.NOT_FAILED, "only a FAILED delivery can be " + done);
        };
    }

    private static ReceivedRange range(HttpHeaders headers, InputStream body) {
        return ReceivedRangeRequest.read(AdminRequests.body(body, headers.getLength()));
    }

    /** 200 with how many deliveries it scheduled, 202 while it runs on, 404 when no destination has this id. */
    private static Response recovered(ActionAnswers.Preference preference,
            Optional<ActionAnswer<OperateDestinationsUseCase.Recovery>> answer) {
        return answer.map(action -> ActionAnswers.answer(preference, action,
                recovery -> JsonProviders.PROVIDER.createObjectBuilder()
                        .add("action_id", recovery.actionId().toString())
                        .add("scheduled", recovery.scheduled())))
                .orElseGet(DestinationsResource::unknownDestination);
    }

    /** The state an operator's pause or resume leaves (failing shows again in the listing once resumed). */
    private static Response stateOf(String id, String state) {
        return json(JsonProviders.PROVIDER.createObjectBuilder().add("destination_id", id).add("state", state));
    }

    private static JsonObjectBuilder row(DeliveryRecord delivery) {
        JsonObjectBuilder row = JsonProviders.PROVIDER.createObjectBuilder()
                .add("delivery_id", delivery.deliveryId())
                .add("message_id", delivery.messageId())
                .add("message_type", delivery.type().wireName())
                .add("inbox_id", delivery.inboxId().toString())
                .add("status", delivery.status().name())
                .add("attempt_count", delivery.attemptCount())
                .add("created_at", delivery.createdAt().toString());
        optional(row, "next_attempt_at", delivery.nextAttemptAt().map(Instant::toString));
        optional(row, "delivered_at", delivery.deliveredAt().map(Instant::toString));
        optional(row, "last_error", delivery.lastError());
        delivery.lastStatus().ifPresent(status -> row.add("last_status", status));
        return row;
    }

    private static void optional(JsonObjectBuilder object, String name, Optional<String> value) {
        value.ifPresentOrElse(present -> object.add(name, present), () -> object.addNull(name));
    }

    private static Optional<Long> deliveryId(String value) {
        try {
            return Optional.of(Long.parseLong(value.trim())).filter(id -> id > 0);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Response json(JsonObjectBuilder body) {
        return Response.ok(body.build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static Response unknownDestination() {
        return Problems.of(ProblemCode.UNKNOWN_DESTINATION, "no destination has this id");
    }

    private static Response unknownDelivery() {
        return Problems.of(ProblemCode.UNKNOWN_FORWARD_DELIVERY, "the destination has no delivery with this id");
    }
}
