package io.tambat.sender.listen;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.Headers;
import java.net.URLDecoder;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A delivery's headers as the forwarder meant them. HTTP cannot carry every text a provider may send as its event
 * id or type (a line break, a character beyond US-ASCII), so the forwarder sends such a value percent-encoded UTF-8
 * under its own name and lists that name in {@value #ENCODED}; only the listed headers are decoded, since any
 * other value is exactly as it was sent, {@code %} included.
 */
final class DeliveryHeaders {

    /** Lists, comma-separated, the headers whose values are percent-encoded; absent when none is. */
    static final String ENCODED = "tambat-encoded";

    private final Headers headers;
    private final Set<String> encodedNames;

    DeliveryHeaders(Headers headers) {
        this.headers = headers;
        // Header names are case-insensitive, and a proxy may split one header into several fields.
        List<String> lists = headers.get(ENCODED);
        this.encodedNames = (lists == null ? List.<String>of() : lists).stream()
                .flatMap(list -> Arrays.stream(list.split(",")))
                .map(name -> name.trim().toLowerCase(Locale.ROOT))
                .filter(name -> !name.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The first value of the header, percent-decoded when {@value #ENCODED} names it; empty when it is absent. The
     * result is any text, line breaks and control characters included: it is not fit to print as it is.
     */
    Optional<String> value(String name) {
        String value = headers.getFirst(name);
        if (value == null || !encodedNames.contains(name.toLowerCase(Locale.ROOT))) {
            return Optional.ofNullable(value);
        }
        return Optional.of(percentDecoded(value));
    }

    /**
     * {@link URLDecoder} decodes forms, where {@code +} is a space; a percent-encoded header keeps a literal
     * {@code +} (the CloudEvents binding does not encode it, though Tambat does), so it is made {@code %2B} first.
     * A value that is not well-formed percent-encoding is kept as it came rather than losing the delivery's line:
     * its {@code %} shows what went wrong. Bytes that are not UTF-8 decode to U+FFFD.
     */
    private static String percentDecoded(String value) {
        try {
            return URLDecoder.decode(value.replace("+", "%2B"), UTF_8);
        } catch (IllegalArgumentException notPercentEncoded) {
            return value;
        }
    }
}
