package io.tambat.adapter.in.provider.support.form;

import io.tambat.adapter.in.provider.support.ingress.Rejections;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads the fields of an {@code application/x-www-form-urlencoded} body or query string byte for byte: it is
 * split and percent-decoded as bytes, so a decoded name or value is exactly what the sender encoded, whatever
 * its charset.
 */
public final class FormFields {

    /**
     * One {@code name=value} pair, both decoded; a pair written without {@code =} has an empty value. Arrays,
     * so equality is by identity: compare the contents with {@link Arrays#equals(byte[], byte[])}.
     */
    public record Field(byte[] name, byte[] value) {
    }

    private FormFields() {
    }

    /**
     * Every field, in the order sent, repeated names included. An empty piece (an empty body, a doubled, leading
     * or trailing {@code &}) is no field, as the URL Standard parses forms.
     *
     * <p>Nothing is judged here: what an invalid escape, a repeated or an absent name means is the caller's
     * affair, because it differs before and after verification (a form a sender cannot have signed is a
     * mismatch, an authentic one without its id is a malformed envelope).
     *
     * @return the fields; empty when the body holds an invalid percent escape
     */
    public static Optional<List<Field>> all(byte[] body) {
        List<Field> fields = new ArrayList<>();
        int start = 0;
        while (start <= body.length) {
            int end = indexOf(body, (byte) '&', start, body.length);
            if (end > start) {
                int nameEnd = indexOf(body, (byte) '=', start, end);
                Optional<byte[]> name = decode(body, start, nameEnd);
                Optional<byte[]> value = nameEnd < end ? decode(body, nameEnd + 1, end) : Optional.of(new byte[0]);
                if (name.isEmpty() || value.isEmpty()) {
                    return Optional.empty();
                }
                fields.add(new Field(name.get(), value.get()));
            }
            start = end + 1;
        }
        return Optional.of(fields);
    }

    /**
     * The decoded value of the field named {@code name}; empty when absent.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code MALFORMED_ENVELOPE} when the field appears
     *         more than once or the body holds an invalid percent escape
     */
    public static Optional<byte[]> single(byte[] body, String name) {
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        List<byte[]> values = all(body)
                .orElseThrow(() -> Rejections.malformedEnvelope("form body holds an invalid percent escape"))
                .stream()
                .filter(field -> Arrays.equals(field.name(), wanted))
                .map(Field::value)
                .toList();
        if (values.size() > 1) {
            throw Rejections.malformedEnvelope("form field " + name + " appears more than once");
        }
        return values.stream().findFirst();
    }

    /**
     * The decoded value of the field named {@code name} as UTF-8 text; empty when absent.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code MALFORMED_ENVELOPE} as {@link #single}
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

    /** The bytes of {@code [from, to)} with {@code +} and percent escapes decoded; empty for an invalid escape. */
    private static Optional<byte[]> decode(byte[] bytes, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if (b == '+') {
                out.write(' ');
            } else if (b == '%') {
                int high = i + 2 < to ? Character.digit(bytes[i + 1], 16) : -1;
                int low = i + 2 < to ? Character.digit(bytes[i + 2], 16) : -1;
                if (high < 0 || low < 0) {
                    return Optional.empty();
                }
                out.write((high << 4) | low);
                i += 2;
            } else {
                out.write(b);
            }
        }
        return Optional.of(out.toByteArray());
    }
}
