package io.tambat.adapter.in.http.webhook;

import io.tambat.adapter.in.http.RequestSpan;
import io.tambat.adapter.in.http.body.BodyTooLargeException;
import io.tambat.adapter.in.http.body.BoundedBody;
import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.adapter.metrics.WebhookRequestMetrics;
import io.tambat.application.port.in.webhook.CountDeliveriesUseCase;
import io.tambat.application.port.in.webhook.ReceiveWebhookUseCase;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.model.webhook.WebhookReceipt;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code POST /webhooks/{provider}/{endpointId}}. Takes any content type (the provider adapter decides) and
 * the body as a stream, so the exact bytes reach verification and no JSON binding runs first. The body's size is
 * reserved in the server's {@link UnverifiedBytesBudget} before it is read and given back once it verified, or
 * when the request ends however it ends.
 */
@Path("/webhooks/{provider}/{endpointId}")
@ApplicationScoped
public class WebhookResource {

    private static final String UNKNOWN_PROVIDER_TAG = "unknown";
    /**
     * What a request refused by the budget is told to wait: held bytes are given back as soon as their bodies
     * verified or were refused, milliseconds after they were read, and a second is the shortest wait
     * {@code Retry-After} can say.
     */
    private static final Duration OVER_BUDGET_RETRY_AFTER = Duration.ofSeconds(1);

    @Inject
    ReceiveWebhookUseCase receiveWebhook;

    @Inject
    WebhookRequestMetrics metrics;

    @Inject
    CountDeliveriesUseCase deliveries;

    @Inject
    UnverifiedBytesBudget unverifiedBytes;

    /**
     * The current request, through the one proxy RESTEasy injects into this application-scoped resource. As a
     * method parameter it would build a new proxy of the interface, by reflection, on every delivery.
     */
    @Context
    HttpServletRequest request;

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response receive(@PathParam("provider") String provider, @PathParam("endpointId") String endpointId,
            InputStream body) {
        long started = System.nanoTime();
        String providerTag = UNKNOWN_PROVIDER_TAG;
        try {
            WebhookEndpoint endpoint = receiveWebhook.admit(provider, endpointId,
                    request.getHeader(HttpHeaders.CONTENT_TYPE));
            providerTag = endpoint.provider();
            long declaredLength = request.getContentLengthLong();
            Optional<UnverifiedBytesBudget.Reservation> reserved =
                    unverifiedBytes.tryReserve(BoundedBody.mostBytes(declaredLength, endpoint.maxBodyBytes()));
            if (reserved.isEmpty()) {
                return overBudget(provider, endpointId, providerTag);
            }
            try (UnverifiedBytesBudget.Reservation reservation = reserved.get()) {
                byte[] raw = BoundedBody.read(body, declaredLength, endpoint.maxBodyBytes());
                RawDelivery delivery = new RawDelivery(raw, headers(request), signedUrl(endpoint, request));
                WebhookReceipt receipt = receiveWebhook.receive(endpoint, delivery, reservation::release);
                metrics.accepted(receipt.status());
                deliveries.counted(providerTag, receipt.status().name().toLowerCase(Locale.ROOT));
                RequestSpan.webhook(provider, endpointId, receipt.status(), receipt.inboxIds());
                return receipt.reply()
                        .map(reply -> Response.ok(reply.body(),
                                MediaType.valueOf(reply.contentType()).withCharset("UTF-8")))
                        .orElseGet(() -> Response.ok(receiptBody(receipt).build().toString(),
                                MediaType.APPLICATION_JSON_TYPE))
                        .build();
            }
        } catch (BodyTooLargeException tooLarge) {
            return refused(new WebhookRejectedException(Rejection.PAYLOAD_TOO_LARGE, tooLarge.getMessage()),
                    provider, endpointId, providerTag);
        } catch (WebhookRejectedException rejected) {
            return refused(rejected, provider, endpointId, providerTag);
        } catch (IOException unreadable) {
            RequestSpan.webhookProblem(provider, endpointId, ProblemCode.BODY_UNREADABLE.code());
            deliveries.counted(providerTag, ProblemCode.BODY_UNREADABLE.code());
            return Problems.of(ProblemCode.BODY_UNREADABLE, "the request body ended early");
        } finally {
            metrics.acknowledged(providerTag, Duration.ofNanos(System.nanoTime() - started));
        }
    }

    private Response refused(WebhookRejectedException rejected, String provider, String endpointId,
            String providerTag) {
        metrics.rejected(rejected.rejection());
        deliveries.counted(providerTag, rejected.rejection().code());
        RequestSpan.webhookProblem(provider, endpointId, rejected.rejection().code());
        return Problems.of(rejected);
    }

    /**
     * 429 before a byte of the body is read, counted as every other {@code rate_limited}. The unread body is
     * left on the connection, which is therefore closed after the answer (RFC 9112, section 9.6) rather than
     * drained of what the server has just refused to read.
     */
    private Response overBudget(String provider, String endpointId, String providerTag) {
        Response problem = refused(new WebhookRejectedException(Rejection.RATE_LIMITED,
                "too many unverified request bodies in flight on this server", OVER_BUDGET_RETRY_AFTER, null),
                provider, endpointId, providerTag);
        return Response.fromResponse(problem).header("Connection", "close").build();
    }

    private static JsonObjectBuilder receiptBody(WebhookReceipt receipt) {
        JsonObjectBuilder body = JsonProviders.PROVIDER.createObjectBuilder()
                .add("status", receipt.status().name().toLowerCase(Locale.ROOT));
        receipt.inboxIds().stream().findFirst().ifPresent(id -> body.add("inbox_id", id.toString()));
        return body;
    }

    /** Every header line as sent, names case-insensitive: a repeated header stays visible as repeated. */
    private static Headers headers(HttpServletRequest request) {
        Map<String, List<String>> raw = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String name : Collections.list(request.getHeaderNames())) {
            raw.computeIfAbsent(name, k -> new ArrayList<>()).addAll(Collections.list(request.getHeaders(name)));
        }
        return Headers.of(raw);
    }

    /**
     * The URL the provider signs (Twilio): the configured public URL, which has no query string of its own, with
     * this request's. A query string no URL can hold (a raw space or {@code |}) is no URL the provider signed:
     * then there is none, and verification fails.
     */
    private static Optional<URI> signedUrl(WebhookEndpoint endpoint, HttpServletRequest request) {
        String query = request.getQueryString();
        return endpoint.publicUrl().flatMap(url -> {
            try {
                return Optional.of(query == null ? url : new URI(url + "?" + query));
            } catch (URISyntaxException e) {
                return Optional.empty();
            }
        });
    }
}
