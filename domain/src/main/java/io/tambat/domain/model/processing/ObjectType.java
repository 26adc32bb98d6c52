package io.tambat.domain.model.processing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The five kinds of provider object whose state Tambat derives from events. */
public enum ObjectType {
    PAYMENT,
    SUBSCRIPTION,
    REFUND,
    DISPUTE,
    ACCOUNT;

    /** The name in URLs and configuration, e.g. {@code payment}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ObjectType> fromCode(String code) {
        return Arrays.stream(values()).filter(type -> type.code().equals(code)).findFirst();
    }
}
