package io.tambat.provider.spi;

/**
 * Text that every store and every encoder can hold unchanged: well-formed UTF-16 (no unpaired surrogate,
 * which UTF-8 cannot encode) and no NUL (which PostgreSQL's text and jsonb refuse). JSON can carry both as
 * escapes, so a parser's output is checked before it reaches a column.
 */
public final class StorableText {

    private StorableText() {
    }

    public static boolean isStorable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
