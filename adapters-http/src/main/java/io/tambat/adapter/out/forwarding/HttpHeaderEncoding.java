package io.tambat.adapter.out.forwarding;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message's headers as an HTTP request can carry them. A provider's event id or event type is any storable
 * text, but the HTTP client refuses a header with a line break or a character above U+00FF (the message could
 * never be sent), and a consumer reads one between U+0080 and U+00FF as whatever its server decodes header bytes
 * as. So a value goes as it is when it is printable US-ASCII with no space at either end (which HTTP trims): every
 * value that could be sent before arrives unchanged. Any other value goes percent-encoded as UTF-8, and
 * {@value #ENCODED} names the headers sent so, for the consumer to decode exactly those.
 */
final class HttpHeaderEncoding {

    /** Lists, comma-separated, the headers whose values are percent-encoded; absent when none is. */
    static final String ENCODED = "tambat-encoded";

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private HttpHeaderEncoding() {
    }

    /** The headers in their order, each value as it is or percent-encoded, then {@value #ENCODED} if one was. */
    static Map<String, String> encoded(Map<String, String> headers) {
        Map<String, String> sendable = new LinkedHashMap<>();
        List<String> encodedNames = new ArrayList<>();
        headers.forEach((name, value) -> {
            if (sendsAsItIs(value)) {
                sendable.put(name, value);
            } else {
                sendable.put(name, percentEncoded(value));
                encodedNames.add(name);
            }
        });
        if (!encodedNames.isEmpty()) {
            sendable.put(ENCODED, String.join(",", encodedNames));
        }
        return sendable;
    }

    private static boolean sendsAsItIs(String value) {
        if (value.startsWith(" ") || value.endsWith(" ")) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /**
     * Each UTF-8 byte that is a space, {@code "}, {@code %}, {@code +} or outside U+0021-U+007E as {@code %XX}
     * (upper-case hex), as the CloudEvents HTTP binding encodes its header values (section 3.1.3.2), which any
     * percent-decoder reverses. That binding leaves {@code +} as it is; encoding it too keeps a form decoder,
     * which reads {@code +} as a space (Java's {@code URLDecoder}), right as well.
     */
    private static String percentEncoded(String value) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int octet = b & 0xFF;
            if (octet > 0x20 && octet < 0x7F && octet != '"' && octet != '%' && octet != '+') {
                encoded.append((char) octet);
            } else {
                encoded.append('%').append(HEX[octet >> 4]).append(HEX[octet & 0x0F]);
            }
        }
        return encoded.toString();
    }
}
