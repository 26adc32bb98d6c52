package io.tambat.provider.spi;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The kind of provider object whose state Tambat derives from events, by its code: {@code payment},
 * {@code repository}, {@code shipment}. Open: an adapter names the kinds its provider has; the constants are
 * the kinds several built-in adapters share. The code is what URLs, metrics and stored state carry, so it is
 * kept to lowercase letters, digits and underscores.
 *
 * @param code 1 to {@value #MAX_CODE_LENGTH} characters, a lowercase letter first, then lowercase letters,
 *             digits or underscores
 */
public record ObjectType(String code) {

    public static final int MAX_CODE_LENGTH = 64;

    private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9_]{0," + (MAX_CODE_LENGTH - 1) + "}");

    public static final ObjectType PAYMENT = new ObjectType("payment");
    public static final ObjectType SUBSCRIPTION = new ObjectType("subscription");
    public static final ObjectType REFUND = new ObjectType("refund");
    public static final ObjectType DISPUTE = new ObjectType("dispute");
    public static final ObjectType ACCOUNT = new ObjectType("account");

    public ObjectType {
        if (!isCode(code)) {
            throw new IllegalArgumentException("an object type is 1-" + MAX_CODE_LENGTH
                    + " lowercase letters, digits and underscores, a letter first");
        }
    }

    /** The type with this code; empty when the text is not a well-formed code. */
    public static Optional<ObjectType> fromCode(String code) {
        return isCode(code) ? Optional.of(new ObjectType(code)) : Optional.empty();
    }

    private static boolean isCode(String code) {
        return code != null && CODE.matcher(code).matches();
    }

    @Override
    public String toString() {
        return code;
    }
}
