package io.tambat.domain.model.order;

import java.util.regex.Pattern;

/** A client's idempotency key: 1-255 of {@code [A-Za-z0-9_.:-]}. An identifier, never a credential. */
public record IdempotencyKey(String value) {

    private static final Pattern FORMAT = Pattern.compile("[A-Za-z0-9_.:-]{1,255}");

    public IdempotencyKey {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("Idempotency-Key must be 1-255 characters of [A-Za-z0-9_.:-]");
        }
    }

    public static boolean isValid(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }
}
