package io.tambat.domain.model.forwarding;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One message as every kind of destination receives it: its id (the same on every copy), what it is about,
 * and the body with its content type. The body of an event is its verified payload exactly as received.
 */
public final class ForwardMessage {

    private final String messageId;
    private final MessageType type;
    private final UUID inboxId;
    private final String orderingKey;
    private final String provider;
    private final String endpointId;
    private final String eventType;
    private final String providerEventId;
    private final String contentType;
    private final byte[] body;

    public ForwardMessage(String messageId, MessageType type, UUID inboxId, String orderingKey, String provider,
            String endpointId, String eventType, String providerEventId, String contentType, byte[] body) {
        this.messageId = Objects.requireNonNull(messageId);
        this.type = Objects.requireNonNull(type);
        this.inboxId = Objects.requireNonNull(inboxId);
        this.orderingKey = Objects.requireNonNull(orderingKey);
        this.provider = Objects.requireNonNull(provider);
        this.endpointId = Objects.requireNonNull(endpointId);
        this.eventType = Objects.requireNonNull(eventType);
        this.providerEventId = Objects.requireNonNull(providerEventId);
        this.contentType = Objects.requireNonNull(contentType);
        this.body = body.clone();
    }

    public String messageId() {
        return messageId;
    }

    public MessageType type() {
        return type;
    }

    public UUID inboxId() {
        return inboxId;
    }

    /** What the message is about: see {@link NewForward#orderingKey}. */
    public String orderingKey() {
        return orderingKey;
    }

    public String provider() {
        return provider;
    }

    public String endpointId() {
        return endpointId;
    }

    public String eventType() {
        return eventType;
    }

    public String providerEventId() {
        return providerEventId;
    }

    public String contentType() {
        return contentType;
    }

    /**
     * What every kind of destination receives beside the body, by its HTTP header name, in this order: the
     * message id, and where the message comes from. Each transport adds its own (a timestamp, a signature). The
     * values are as the event gave them, any storable text: a transport that cannot carry one as it is (HTTP, a
     * line break or a character beyond US-ASCII) encodes it.
     */
    public Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", messageId);
        headers.put("tambat-message-type", type.wireName());
        headers.put("tambat-inbox-id", inboxId.toString());
        headers.put("tambat-provider", provider);
        headers.put("tambat-endpoint", endpointId);
        headers.put("tambat-event-type", eventType);
        headers.put("tambat-provider-event-id", providerEventId);
        return headers;
    }

    /** A copy of the body. */
    public byte[] body() {
        return body.clone();
    }

    /** Never the body: it may hold personal data. */
    @Override
    public String toString() {
        return "ForwardMessage[" + messageId + ", " + type.wireName() + ", " + body.length + " bytes]";
    }
}
