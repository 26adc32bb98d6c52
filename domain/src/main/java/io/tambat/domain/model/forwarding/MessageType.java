package io.tambat.domain.model.forwarding;

import java.util.Arrays;
import java.util.Optional;

/** What a forwarded message is: a stored event, or a business mutation that processing applied. */
public enum MessageType {
    /** One inbox row, sent as soon as it is stored; its message id is its inbox id. */
    EVENT("event"),
    /** One applied mutation; its message id is stable and differs from its event's. */
    STATE_CHANGE("state-change");

    private final String wireName;

    MessageType(String wireName) {
        this.wireName = wireName;
    }

    /** As configured, stored and sent in {@code tambat-message-type}. */
    public String wireName() {
        return wireName;
    }

    public static Optional<MessageType> fromWireName(String name) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(name)).findFirst();
    }
}
