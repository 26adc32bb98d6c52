package io.tambat.adapter.in.provider.support.crypto;

import java.nio.charset.StandardCharsets;

/**
 * The exact bytes a provider signs when it prefixes the raw body with header values, such as Stripe's
 * {@code {t}.{body}} or Standard Webhooks' {@code {id}.{timestamp}.{body}}.
 *
 * <p>The body is appended as bytes: decoding it to a String and encoding it again would silently replace
 * malformed sequences and normalise nothing the sender signed, so a body that is not valid UTF-8 would verify
 * differently from how the sender computed it.
 */
public final class SignedMessage {

    private SignedMessage() {
    }

    /** The UTF-8 bytes of {@code prefix} followed by the raw body, unchanged. */
    public static byte[] of(String prefix, byte[] rawBody) {
        byte[] head = prefix.getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[head.length + rawBody.length];
        System.arraycopy(head, 0, message, 0, head.length);
        System.arraycopy(rawBody, 0, message, head.length, rawBody.length);
        return message;
    }
}
