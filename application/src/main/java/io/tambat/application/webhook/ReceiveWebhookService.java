package io.tambat.application.webhook;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.payload.PayloadStore;
import io.tambat.application.port.in.webhook.ReceiveWebhookUseCase;
import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.StorageStatus;
import io.tambat.domain.error.ReplayedBodyException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.domain.model.webhook.ReceiptStatus;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.model.webhook.WebhookReceipt;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionalException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The ingress pipeline after the HTTP limits: signature metadata, every trusted secret version, signed
 * freshness, envelope and event type, then one transaction. Nothing slow happens before the
 * acknowledgement, and nothing is acknowledged before the commit.
 */
@ApplicationScoped
public class ReceiveWebhookService implements ReceiveWebhookUseCase {

    private static final Logger LOG = Logger.getLogger(ReceiveWebhookService.class.getName());

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    ProviderAdapters adapters;

    @Inject
    RateLimits rateLimits;

    @Inject
    TrustedSecrets secrets;

    @Inject
    PayloadStore payloads;

    @Inject
    PayloadDigestPort digests;

    @Inject
    InboxAcceptance acceptance;

    @Inject
    InboxGroupCommit groupCommit;

    @Inject
    IngressMetricsPort metrics;

    @Inject
    IngressSettings settings;

    @Inject
    StorageStatus storage;

    @Inject
    Clock clock;

    @Inject
    TimeOrderedIds ids;

    @Inject
    TracingPort tracing;

    @Inject
    BackgroundYield backgroundYield;

    @Override
    public WebhookEndpoint admit(String provider, String endpointId, String contentType) {
        WebhookEndpoint endpoint = endpoints.find(endpointId)
                .filter(found -> found.provider().equals(provider))
                .orElseThrow(() -> new WebhookRejectedException(Rejection.UNKNOWN_ENDPOINT,
                        "no endpoint with this id for this provider"));
        if (!adapters.require(provider).acceptsContentType(contentType)) {
            throw new WebhookRejectedException(Rejection.UNSUPPORTED_MEDIA_TYPE,
                    "content type not accepted for this provider");
        }
        if (!storage.ready()) {
            throw new WebhookRejectedException(Rejection.STORAGE_UNAVAILABLE, "storage is not ready yet",
                    settings.retryAfter(), null);
        }
        return endpoint;
    }

    /** Timed from the read body to the answer, for the background work that yields while answers are slow. */
    @Override
    public WebhookReceipt receive(WebhookEndpoint endpoint, RawDelivery delivery, Runnable verified) {
        try (BackgroundYield.Acknowledging timed = backgroundYield.acknowledging()) {
            return verifyAndStore(endpoint, delivery, verified);
        }
    }

    private WebhookReceipt verifyAndStore(WebhookEndpoint endpoint, RawDelivery delivery, Runnable verified) {
        ProviderAdapter adapter = adapters.require(endpoint.provider());
        Instant now = clock.instant();
        SecretVersion matched = authenticate(endpoint, adapter, delivery, now);
        verified.run();
        throttle(rateLimits.acquire(endpoint, now), "endpoint rate limit exceeded");
        Optional<ProviderReply> handshake = adapter.handshake(delivery);
        if (handshake.isPresent()) {
            return WebhookReceipt.answered(handshake.get());
        }
        List<WebhookEvent> allowed = adapter.readEvents(delivery).stream()
                .filter(event -> endpoint.eventTypes().allows(event.eventType()))
                .toList();
        WebhookReceipt receipt = allowed.isEmpty() ? WebhookReceipt.ignored()
                : store(endpoint, delivery, matched, allowed, now);
        return adapter.acknowledgement().map(receipt::repliedWith).orElse(receipt);
    }

    /**
     * Signature and freshness. A request that fails them draws from the endpoint's bucket for failures, and is
     * answered 429 once that is empty: a flood of forgeries slows down itself, not the authentic deliveries,
     * which are limited only after they verified.
     */
    private SecretVersion authenticate(WebhookEndpoint endpoint, ProviderAdapter adapter, RawDelivery delivery,
            Instant now) {
        try {
            SignedDelivery signed = readSignature(adapter, delivery);
            SecretVersion matched = verify(endpoint, signed);
            signed.requireFresh(endpoint.tolerance().orElse(adapter.defaultTolerance()), now);
            return matched;
        } catch (WebhookRejectedException refused) {
            throttle(rateLimits.acquireUnverified(endpoint, now), "too many requests failing verification");
            throw refused;
        }
    }

    private static void throttle(Optional<Duration> wait, String reason) {
        if (wait.isPresent()) {
            throw new WebhookRejectedException(Rejection.RATE_LIMITED, reason, wait.get(), null);
        }
    }

    private static SignedDelivery readSignature(ProviderAdapter adapter, RawDelivery delivery) {
        try {
            return adapter.readSignature(delivery);
        } catch (Headers.DuplicateHeaderException e) {
            throw new WebhookRejectedException(Rejection.SIGNATURE_MISSING, e.getMessage());
        }
    }

    /**
     * The newest trusted version that verifies: the store lists them newest first. When none does while a
     * trusted version does not open here, the delivery may be signed with that one: it is refused as retryable,
     * not as forged, so that the provider keeps it until the secret opens again, and the endpoint's other
     * deliveries, like every other endpoint's, are not held up.
     */
    private SecretVersion verify(WebhookEndpoint endpoint, SignedDelivery signed) {
        TrustedVersions trusted = secrets.trustedVersions(endpoint.id());
        SecretVersion matched = signed.matchingVersion(trusted.usable())
                .orElseThrow(() -> trusted.complete()
                        ? new WebhookRejectedException(Rejection.SIGNATURE_INVALID,
                                "no trusted secret version verifies the signature")
                        : new WebhookRejectedException(Rejection.SECRETS_UNAVAILABLE,
                                "a signing secret of this endpoint cannot be opened right now",
                                settings.retryAfter(), null));
        metrics.secretMatched(endpoint.id(), matched.version());
        return matched;
    }

    private WebhookReceipt store(WebhookEndpoint endpoint, RawDelivery delivery, SecretVersion matched,
            List<WebhookEvent> events, Instant now) {
        byte[] body = delivery.body();
        PayloadDigest digest = digests.of(body);
        // Read here, on the request's thread: the group commit may insert the rows on another request's.
        Optional<String> traceContext = tracing.currentContext();
        Optional<String> contentType = delivery.headers().all("Content-Type").stream().findFirst();
        List<NewInboxEvent> entries = new ArrayList<>(events.size());
        for (WebhookEvent event : events) {
            UUID inboxId = ids.next();
            byte[] aad = NewInboxEvent.payloadAssociatedData(inboxId, endpoint.provider(), endpoint.id(),
                    event.providerEventId());
            entries.add(new NewInboxEvent(inboxId, endpoint.provider(), endpoint.id(), event, now,
                    keep(endpoint, inboxId, now, body, aad), digest, matched.version(), traceContext, contentType));
        }
        List<InboxPort.Insertion> insertions;
        try {
            insertions = commit(entries, endpoint.replayWindow(), now);
        } catch (ReplayedBodyException replayed) {
            return new WebhookReceipt(ReceiptStatus.DUPLICATE, List.of(replayed.earlierInboxId()));
        }
        boolean anyCreated = insertions.stream().anyMatch(InboxPort.Insertion::created);
        return new WebhookReceipt(anyCreated ? ReceiptStatus.ACCEPTED : ReceiptStatus.DUPLICATE,
                insertions.stream().map(InboxPort.Insertion::inboxId).toList());
    }

    /**
     * The sealed body where payloads are kept: an object store that does not take it in time leaves the delivery
     * unstored, and the sender is told to retry.
     */
    private StoredPayload keep(WebhookEndpoint endpoint, UUID inboxId, Instant now, byte[] body, byte[] aad) {
        try {
            return payloads.keep(inboxId, now, body, aad);
        } catch (StoreUnavailableException e) {
            LOG.log(Level.WARNING, "payload object store failed for endpoint {0}: {1}",
                    new Object[] {endpoint.id().value(), e.getMessage()});
            throw new WebhookRejectedException(Rejection.STORAGE_UNAVAILABLE, "storage is unavailable",
                    settings.retryAfter(), e);
        }
    }

    /**
     * A store that could not answer, or a failed commit, leaves the outcome unknown to us: the sender is told
     * to retry, and the unique key makes that retry safe whatever happened. A statement the database refused
     * is a defect, not an outage, and surfaces as one (nothing was stored, so a retry is safe too).
     */
    private List<InboxPort.Insertion> commit(List<NewInboxEvent> entries, Optional<Duration> replayWindow,
            Instant now) {
        long started = System.nanoTime();
        try {
            // A replay window checks the body in the delivery's own transaction, whose rollback refuses it alone.
            List<InboxPort.Insertion> insertions = replayWindow.isPresent()
                    ? acceptance.accept(entries, replayWindow, now) : groupCommit.accept(entries);
            metrics.committed(Duration.ofNanos(System.nanoTime() - started));
            return insertions;
        } catch (StoreUnavailableException | TransactionalException e) {
            LOG.log(Level.WARNING, "inbox commit failed for endpoint {0}: {1}",
                    new Object[] {entries.get(0).endpointId(), e.getClass().getName()});
            throw new WebhookRejectedException(Rejection.STORAGE_UNAVAILABLE, "storage is unavailable",
                    settings.retryAfter(), e);
        }
    }
}
