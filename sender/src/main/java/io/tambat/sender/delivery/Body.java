package io.tambat.sender.delivery;

import static java.nio.charset.StandardCharsets.UTF_8;

/**
 * A request body and its media type.
 *
 * @param bytes sent exactly as they are; never changed in place
 */
public record Body(String contentType, byte[] bytes) {

    public static final String JSON = "application/json";
    public static final String FORM = "application/x-www-form-urlencoded";

    public static Body json(String text) {
        return new Body(JSON, text.getBytes(UTF_8));
    }

    public static Body form(String text) {
        return new Body(FORM, text.getBytes(UTF_8));
    }

    /**
     * A body given as raw bytes, with no media type said: JSON when its first non-blank byte opens an object or an
     * array, otherwise a form, the only other kind these providers send (Twilio and Slack commands, GitHub's form
     * option).
     */
    public static Body given(byte[] bytes) {
        for (byte b : bytes) {
            if (b == '{' || b == '[') {
                return new Body(JSON, bytes);
            }
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                break;
            }
        }
        return new Body(FORM, bytes);
    }

    public boolean isJson() {
        return JSON.equals(contentType);
    }
}
