package io.tambat.domain.model.webhook;

import java.util.regex.Pattern;

/**
 * Identifier of a configured webhook endpoint. Restricted to {@code [a-z0-9-]{1,64}} so that every id maps
 * to exactly one environment variable name (dots, dashes and underscores would collide there).
 */
public record EndpointId(String value) {

    private static final Pattern FORMAT = Pattern.compile("[a-z0-9-]{1,64}");

    public EndpointId {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("endpoint id must match [a-z0-9-]{1,64}");
        }
    }

    public static boolean isValid(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    @Override
    public String toString() {
        return value;
    }
}
