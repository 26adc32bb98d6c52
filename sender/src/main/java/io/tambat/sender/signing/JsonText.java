package io.tambat.sender.signing;

/**
 * JSON string literals for the bodies the sender writes itself. Values can come from the command line (an event
 * type, an id to resend), so they are escaped rather than trusted to be plain.
 */
public final class JsonText {

    private JsonText() {
    }

    /** The text as a JSON string literal, quotes included. */
    public static String quote(String text) {
        StringBuilder literal = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> literal.append("\\\"");
                case '\\' -> literal.append("\\\\");
                case '\n' -> literal.append("\\n");
                case '\r' -> literal.append("\\r");
                case '\t' -> literal.append("\\t");
                default -> {
                    if (c < 0x20) {
                        literal.append(String.format("\\u%04x", (int) c));
                    } else {
                        literal.append(c);
                    }
                }
            }
        }
        return literal.append('"').toString();
    }
}
