package io.tambat.adapter.in.provider.support.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The exact bytes a provider signs when it prefixes the raw body with header values, such as Stripe's
 * {@code {t}.{body}} or Standard Webhooks' {@code {id}.{timestamp}.{body}}.
 *
 * <p>The body is kept as bytes: decoding it to a String and encoding it again would silently replace
 * malformed sequences and normalise nothing the sender signed, so a body that is not valid UTF-8 would verify
 * differently from how the sender computed it. It is kept as the very array received, never joined to the
 * prefix: a MAC or a signature takes its message in parts, and joining them would copy the whole body once more
 * for every request, forgeries included.
 */
public final class SignedMessage {

    private final byte[] head;
    private final byte[] body;

    private SignedMessage(byte[] head, byte[] body) {
        this.head = head;
        this.body = body;
    }

    /** The UTF-8 bytes of {@code prefix} followed by the raw body, unchanged and not copied. */
    public static SignedMessage of(String prefix, byte[] rawBody) {
        return new SignedMessage(prefix.getBytes(StandardCharsets.UTF_8), Objects.requireNonNull(rawBody));
    }

    /** The encoded prefix, the first part of the message. */
    byte[] head() {
        return head;
    }

    /** The raw body, the second part; read, never changed. */
    byte[] body() {
        return body;
    }
}
