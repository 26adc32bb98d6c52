package io.tambat.adapter.json;

import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * The characters of UTF-8 bytes, where malformed input is a {@link CharacterCodingException} rather than a
 * replacement character.
 *
 * <p>It decodes with the JDK's reporting decoder, a few hundred bytes per call rather than all the bytes at once,
 * because that decoder copies ASCII quickly only until the first other byte of a call and goes on byte by byte
 * from there: one accented letter early in a webhook body makes decoding all of the rest several times slower,
 * through an {@code InputStreamReader} too. A sequence cut by the end of a window is left for the next window,
 * so where windows end changes nothing that is decoded or refused.
 */
final class StrictUtf8Reader extends Reader {

    private static final int WINDOW_BYTES = 512;
    private static final char NO_CHAR = 0;

    private final ByteBuffer in;
    private final int end;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    // The second half of a surrogate pair that did not fit into the previous read.
    private char pendingLowSurrogate = NO_CHAR;

    StrictUtf8Reader(byte[] bytes) {
        this.in = ByteBuffer.wrap(bytes);
        this.end = bytes.length;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws CharacterCodingException {
        if (length == 0) {
            return 0;
        }
        if (pendingLowSurrogate != NO_CHAR) {
            buffer[offset] = pendingLowSurrogate;
            pendingLowSurrogate = NO_CHAR;
            return 1;
        }
        if (in.position() == end) {
            return -1;
        }
        CharBuffer out = CharBuffer.wrap(buffer, offset, length);
        decodeInto(out);
        if (out.position() == offset) {
            // Room for one char, and the next character is a surrogate pair.
            CharBuffer pair = CharBuffer.allocate(2);
            decodeInto(pair);
            buffer[offset] = pair.get(0);
            pendingLowSurrogate = pair.get(1);
            return 1;
        }
        return out.position() - offset;
    }

    /** Decodes until {@code out} is full or the bytes end. */
    private void decodeInto(CharBuffer out) throws CharacterCodingException {
        CoderResult result = CoderResult.UNDERFLOW;
        while (in.position() < end && !result.isOverflow()) {
            in.limit(Math.min(end, in.position() + WINDOW_BYTES));
            result = decoder.decode(in, out, in.limit() == end);
            if (result.isError()) {
                result.throwException();
            }
        }
    }

    @Override
    public void close() {
        // Nothing to release: the bytes are the caller's.
    }
}
