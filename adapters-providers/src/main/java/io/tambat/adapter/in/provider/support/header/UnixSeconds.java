package io.tambat.adapter.in.provider.support.header;

import java.util.Optional;
import java.util.regex.Pattern;

/** Strict parsing of a signed unix-seconds timestamp taken from a header. */
public final class UnixSeconds {

    // Digits only: no sign, spaces or exponent, so one timestamp has one spelling. Fifteen digits stay far
    // inside Instant's range, so parsing never overflows.
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,15}");

    private UnixSeconds() {
    }

    /** The number of seconds, or empty when the text is not a plain non-negative integer. */
    public static Optional<Long> parse(String text) {
        if (text == null || !DIGITS.matcher(text).matches()) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(text));
    }
}
