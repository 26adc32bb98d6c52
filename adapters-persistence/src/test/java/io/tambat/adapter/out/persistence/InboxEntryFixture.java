package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import io.tambat.provider.spi.WebhookEvent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** One valid inbox entry, and one change at a time: {@code valid().onEndpoint("other").build()}. */
public record InboxEntryFixture(UUID inboxId, EndpointId endpoint, String eventId, Instant receivedAt, String body,
        String matchedSecretVersion) {

    public static final String PROVIDER = "stripe";
    public static final String EVENT_TYPE = "payment_intent.succeeded";
    public static final String KEY_ID = "k1";

    public static InboxEntryFixture valid(Instant receivedAt) {
        UUID inboxId = UUID.randomUUID();
        return new InboxEntryFixture(inboxId, new EndpointId("shop"), "evt_" + inboxId, receivedAt,
                "{\"id\":\"" + inboxId + "\"}", "v1");
    }

    /** The same event (provider, endpoint and event id) delivered again, about to be stored under a new id. */
    public InboxEntryFixture redelivered() {
        return new InboxEntryFixture(UUID.randomUUID(), endpoint, eventId, receivedAt, body, matchedSecretVersion);
    }

    public InboxEntryFixture onEndpoint(String endpointId) {
        return new InboxEntryFixture(inboxId, new EndpointId(endpointId), eventId, receivedAt, body,
                matchedSecretVersion);
    }

    public InboxEntryFixture receivedAt(Instant at) {
        return new InboxEntryFixture(inboxId, endpoint, eventId, at, body, matchedSecretVersion);
    }

    /** Another event carrying the same body. */
    public InboxEntryFixture withBodyOf(InboxEntryFixture other) {
        return new InboxEntryFixture(inboxId, endpoint, eventId, receivedAt, other.body, matchedSecretVersion);
    }

    public InboxEntryFixture matchedBy(String secretVersion) {
        return new InboxEntryFixture(inboxId, endpoint, eventId, receivedAt, body, secretVersion);
    }

    /**
     * The body is stored as it came: these tests need no encryption, only bytes under a key id. Its digest stands
     * in for a keyed one, with the body's SHA-256 as its earlier, unkeyed form.
     */
    public NewInboxEvent build() {
        return build(Optional.empty(), standInDigest());
    }

    /** The entry as accepted by a traced request. */
    public NewInboxEvent buildTracedIn(String traceContext) {
        return build(Optional.of(traceContext), standInDigest());
    }

    /** The entry with its body's digest as these digests make it, for tests of the digest itself. */
    public NewInboxEvent buildDigestedBy(PayloadDigestPort digests) {
        return build(Optional.empty(), digests.of(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** The entry with its payload already put in the object store, under {@link #payloadObject()}. */
    public NewInboxEvent buildInObjectStore() {
        return build(new StoredPayload.InObjectStore(payloadObject(), KEY_ID), Optional.empty(), standInDigest());
    }

    /** The key of this entry's payload object. */
    public PayloadObjectKey payloadObject() {
        return PayloadObjectKey.of(receivedAt, inboxId);
    }

    private NewInboxEvent build(Optional<String> traceContext, PayloadDigest digest) {
        return build(new StoredPayload.InRow(new SealedPayload(KEY_ID, body.getBytes(StandardCharsets.UTF_8))),
                traceContext, digest);
    }

    private NewInboxEvent build(StoredPayload payload, Optional<String> traceContext, PayloadDigest digest) {
        return new NewInboxEvent(inboxId, PROVIDER, endpoint, new WebhookEvent(eventId, EVENT_TYPE,
                Optional.of("pi_1"), Optional.of(7L), Optional.of(receivedAt.minusSeconds(1))), receivedAt,
                payload, digest, matchedSecretVersion, traceContext, Optional.of("application/json"));
    }

    /**
     * Attempt {@code attempt}'s lease of the row {@code inboxId} received at {@code receivedAt}, as a worker holds
     * it: the fields a completion names the row by and is fenced by are the row, its receipt and the attempt; the
     * others are this fixture's.
     */
    public static LeasedInboxEvent leasedBy(UUID inboxId, Instant receivedAt, int attempt) {
        return new LeasedInboxEvent(inboxId, PROVIDER, new EndpointId("shop"), "evt_" + inboxId, EVENT_TYPE,
                Optional.of("pi_1"), Optional.of(7L), new Lease(attempt, false), receivedAt, Optional.empty(),
                Optional.empty());
    }

    private PayloadDigest standInDigest() {
        return new PayloadDigest(keyedDigest(), List.of(bodySha256()));
    }

    /** What stands in for the body's keyed digest. */
    public byte[] keyedDigest() {
        return sha256(("keyed|" + body).getBytes(StandardCharsets.UTF_8));
    }

    /** The unkeyed digest rows stored before keyed digests hold. */
    public byte[] bodySha256() {
        return sha256(body.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }
}
