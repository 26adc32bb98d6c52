package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.TambatApplication;
import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.application.port.in.inbox.OperateInboxUseCase;
import io.tambat.application.port.in.inbox.RecoverInboxUseCase;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.InboxStatus;
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
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * Operators' view of the inbox: redacted rows (never a payload), statistics, redrive of one row, and the bulk
 * recovery of a selection (redrive of its FAILED rows, replay of its PROCESSED ones).
 */
@Path("/admin/inbox")
@RequestScoped
@RolesAllowed(TambatApplication.OPERATOR)
@OperatorCall
@Produces(MediaType.APPLICATION_JSON)
public class InboxResource {

    private static final Set<String> STATUSES = Arrays.stream(InboxStatus.values()).map(InboxStatus::name)
            .collect(Collectors.toUnmodifiableSet());
    private static final int DEFAULT_LIMIT = 100;

    @Inject
    OperateInboxUseCase inbox;

    @Inject
    RecoverInboxUseCase recovery;

    @Context
    SecurityContext security;

    /**
     * A page of rows, newest first: {@code has_more} says whether older rows match too, read by passing the last
     * row's {@code inbox_id} as {@code starting_after}. The received range is half open.
     */
    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    public Response list(@QueryParam("status") String status, @QueryParam("provider") String provider,
            @QueryParam("endpoint") String endpoint, @QueryParam("event_type") String eventType,
            @QueryParam("event_id") String eventId, @QueryParam("received_from") String receivedFrom,
            @QueryParam("received_to") String receivedTo, @QueryParam("starting_after") String startingAfter,
            @QueryParam("limit") @Parameter(schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "" + OperateInboxUseCase.MAX_LIST_LIMIT, defaultValue = "100")) String limit) {
        Optional<Instant> from = AdminRequests.filter("received_from", receivedFrom)
                .map(value -> AdminRequests.instant("received_from", value));
        Optional<Instant> to = AdminRequests.filter("received_to", receivedTo)
                .map(value -> AdminRequests.instant("received_to", value));
        AdminRequests.receivedRange(from, to, "received_to");
        InboxEvent.Filter filter = new InboxEvent.Filter(
                AdminRequests.oneOf("status", status, STATUSES).map(InboxStatus::valueOf),
                AdminRequests.filter("provider", provider), AdminRequests.filter("endpoint", endpoint),
                AdminRequests.filter("event_type", eventType), AdminRequests.filter("event_id", eventId), from, to);
        Optional<UUID> after = AdminRequests.filter("starting_after", startingAfter).map(value -> AdminRequests.uuid(value)
                .orElseThrow(() -> new InvalidRequestException("starting_after", "starting_after must be an inbox id")));
        InboxEvent.Page page = inbox.list(filter, after,
                        AdminRequests.limit(limit, DEFAULT_LIMIT, OperateInboxUseCase.MAX_LIST_LIMIT))
                .orElseThrow(() -> new InvalidRequestException("starting_after",
                        "starting_after names no inbox row (retention may have removed it): start from the first page"));
        JsonArrayBuilder rows = JsonProviders.PROVIDER.createArrayBuilder();
        page.rows().forEach(row -> rows.add(InboxJson.row(row)));
        return json(JsonProviders.PROVIDER.createObjectBuilder().add("items", rows).add("has_more", page.hasMore()));
    }

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/stats")
    public Response stats() {
        InboxEvent.Stats stats = inbox.stats();
        JsonObjectBuilder counts = JsonProviders.PROVIDER.createObjectBuilder();
        stats.counts().forEach(counts::add);
        return json(JsonProviders.PROVIDER.createObjectBuilder()
                .add("counts", counts)
                .add("oldest_pending_age_seconds", stats.oldestPendingAgeSeconds())
                .add("outbox_unpublished", stats.outboxUnpublished())
                .add("outbox_lag_seconds", stats.outboxLagSeconds())
                .add("failed_losing_payload_within_7_days", stats.failedLosingPayloadSoon()));
    }

    @GET
    @RolesAllowed({TambatApplication.OPERATOR, TambatApplication.VIEWER})
    @Path("/{inboxId}")
    public Response inspect(@PathParam("inboxId") String inboxId) {
        return AdminRequests.uuid(inboxId).flatMap(inbox::inspect)
                .map(detail -> json(InboxJson.detail(detail)))
                .orElseGet(InboxResource::unknown);
    }

    @POST
    @Path("/{inboxId}/redrive")
    public Response redrive(@PathParam("inboxId") String inboxId) {
        Optional<UUID> id = AdminRequests.uuid(inboxId);
        if (id.isEmpty()) {
            return unknown();
        }
        return switch (inbox.redrive(AdminRequests.operator(security), id.get())) {
            case REDRIVEN -> json(JsonProviders.PROVIDER.createObjectBuilder().add("inbox_id", id.get().toString())
                    .add("status", InboxStatus.RECEIVED.name()));
            case NOT_FOUND -> unknown();
            case NOT_FAILED -> Problems.of(ProblemCode.NOT_FAILED, "only a FAILED row can be redriven");
        };
    }

    /**
     * The payload exactly as received, for an operator who asked for it: a POST, so no link, prefetch or
     * history ever shows it, and audited ({@code inbox.payload_reveal}) before it is sent. Text when the bytes
     * are UTF-8, else base64.
     */
    @POST
    @Path("/{inboxId}/payload")
    public Response revealPayload(@PathParam("inboxId") String inboxId) {
        Optional<UUID> id = AdminRequests.uuid(inboxId);
        if (id.isEmpty()) {
            return unknown();
        }
        OperateInboxUseCase.PayloadReveal reveal = inbox.revealPayload(AdminRequests.operator(security), id.get());
        if (reveal instanceof OperateInboxUseCase.PayloadReveal.Revealed revealed) {
            return json(PayloadJson.of(id.get(), revealed.payload()));
        }
        if (reveal instanceof OperateInboxUseCase.PayloadReveal.Purged) {
            return Problems.of(ProblemCode.PAYLOAD_PURGED, "retention removed this event's payload");
        }
        return unknown();
    }

    /**
     * Every FAILED row of the selection back to work, in bounded batches; answers how many it scheduled, or 202
     * while it runs on ({@link ActionAnswers}).
     */
    @POST
    @Path("/redrive")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response redriveSelected(@Context HttpHeaders headers, InputStream body) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return ActionAnswers.answer(preference, recovery.redriveFailed(AdminRequests.operator(security),
                InboxSelectionRequest.read(AdminRequests.body(body, headers.getLength()), InboxStatus.FAILED, false),
                preference.maxWait()), InboxResource::recovered);
    }

    /**
     * Processing runs again for the PROCESSED rows received in a time range, under the same processed-event keys:
     * business state converges and no mutation repeats.
     */
    @POST
    @Path("/replay")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response replay(@Context HttpHeaders headers, InputStream body) {
        ActionAnswers.Preference preference = ActionAnswers.preference(headers);
        return ActionAnswers.answer(preference, recovery.replayProcessed(AdminRequests.operator(security),
                InboxSelectionRequest.read(AdminRequests.body(body, headers.getLength()), InboxStatus.PROCESSED, true),
                preference.maxWait()), done -> recovered(done).add("not_replayable", done.notReplayable()));
    }

    private static JsonObjectBuilder recovered(RecoverInboxUseCase.Recovery done) {
        return JsonProviders.PROVIDER.createObjectBuilder().add("action_id", done.actionId().toString())
                .add("scheduled", done.scheduled());
    }

    private static Response unknown() {
        return Problems.of(ProblemCode.UNKNOWN_INBOX_ROW, "no inbox row with this id");
    }

    private static Response json(JsonObjectBuilder body) {
        return Response.ok(body.build().toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }
}
