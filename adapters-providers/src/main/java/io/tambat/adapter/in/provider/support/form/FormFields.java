package io.tambat.adapter.in.provider.support.form;

import io.tambat.adapter.in.provider.support.ingress.Rejections;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Reads one field of an {@code application/x-www-form-urlencoded} body, byte for byte: the body is split and
 * percent-decoded as bytes, so the decoded value is exactly what the sender encoded, whatever its charset.
 */
public final class FormFields {

    private FormFields() {
    }

    /**
     * The decoded value of the field named {@code name}; empty when absent.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException {@code MALFORMED_ENVELOPE} when the field appears
     *         more than once or the body holds an invalid percent escape
     */
    public static Optional<byte[]> single(byte[] body, String name) {
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        byte[] found = null;
        int start = 0;
        while (start <= body.length) {
            int end = indexOf(body, (byte) '&', start, body.length);
            int nameEnd = indexOf(body, (byte) '=', start, end);
            if (Arrays.equals(decode(body, start, nameEnd), wanted)) {
                if (found != null) {
                    throw Rejections.malformedEnvelope("form field " + name + " appears more than once");
                }
                found = nameEnd < end ? decode(body, nameEnd + 1, end) : new byte[0];
            }
            start = end + 1;
        }
        return Optional.ofNullable(found);
    }

    /**
     * The decoded value of the field named {@code name} as UTF-8 text; empty when absent.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException {@code MALFORMED_ENVELOPE} as {@link #single}
     *         does, and when the value is not valid UTF-8
     */
    public static Optional<String> text(byte[] body, String name) {
        return single(body, name).map(value -> {
            try {
                return StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(value))
                        .toString();
            } catch (CharacterCodingException e) {
                throw Rejections.malformedEnvelope("form field " + name + " is not valid UTF-8");
            }
        });
    }

    /** The first index of {@code wanted} in {@code [from, to)}, or {@code to} when there is none. */
    private static int indexOf(byte[] bytes, byte wanted, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return to;
    }

    private static byte[] decode(byte[] bytes, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if (b == '+') {
                out.write(' ');
            } else if (b == '%') {
                if (i + 2 >= to) {
                    throw Rejections.malformedEnvelope("form body holds an invalid percent escape");
                }
                int high = Character.digit(bytes[i + 1], 16);
                int low = Character.digit(bytes[i + 2], 16);
                if (high < 0 || low < 0) {
                    throw Rejections.malformedEnvelope("form body holds an invalid percent escape");
                }
                out.write((high << 4) | low);
                i += 2;
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }
}
