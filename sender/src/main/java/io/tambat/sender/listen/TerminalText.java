package io.tambat.sender.listen;

/**
 * Text from a delivery, made safe to print on one terminal line. A provider chooses its event ids and types, so a
 * decoded value may hold a line break (which would forge a line of this output), an escape sequence (which the
 * terminal would obey) or an invisible or bidirectional format character (which would make the line read other
 * than it is). Each such character is printed as Java would escape it (a CR as {@code \r}, a LF as {@code \n},
 * a tab as {@code \t}, an ESC as a backslash, {@code u001B}), and a backslash as two, so the printed text reads
 * back to exactly what came. Letters, symbols and emoji of any script are printed as they are, except the
 * invisible joiners within some emoji.
 */
final class TerminalText {

    private TerminalText() {
    }

    static String escaped(String text) {
        StringBuilder printable = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            int length = Character.charCount(codePoint);
            switch (codePoint) {
                case '\\' -> printable.append("\\\\");
                case '\r' -> printable.append("\\r");
                case '\n' -> printable.append("\\n");
                case '\t' -> printable.append("\\t");
                default -> {
                    if (unprintable(codePoint)) {
                        // Per UTF-16 unit, as Java writes escapes, so one beyond U+FFFF reads back too.
                        for (int unit = i; unit < i + length; unit++) {
                            printable.append(String.format("\\u%04X", (int) text.charAt(unit)));
                        }
                    } else {
                        printable.appendCodePoint(codePoint);
                    }
                }
            }
            i += length;
        }
        return printable.toString();
    }

    /**
     * C0 and C1 controls and DEL (C1's U+009B is an escape sequence's start on some terminals), format characters
     * (bidirectional overrides, zero-width characters), line and paragraph separators, and a surrogate without
     * its pair.
     */
    private static boolean unprintable(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE -> true;
            default -> false;
        };
    }
}
