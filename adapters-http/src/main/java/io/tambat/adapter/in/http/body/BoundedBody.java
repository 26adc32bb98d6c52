package io.tambat.adapter.in.http.body;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body into bytes, never more than the limit plus one byte: an oversized body (declared or
 * chunked) is refused while streaming, before anything parses it.
 *
 * <p>The order and operator routes read a body only after authenticating the request. A webhook body cannot
 * wait for that: its signature covers its bytes, so it is read before anything about it is verified, and an
 * anonymous sender can make the server read and hold it. What such senders can make it hold is bounded twice:
 * per request by the endpoint's limit, and for the whole server by the budget of unverified bytes, which the
 * webhook resource reserves ({@link #mostBytes}) before it reads.
 *
 * <p>A body of declared length is read straight into an array of that length, the one copy of it the request
 * keeps. A chunked body's length is known only at its end: it is read in chunks and joined, so it is held
 * twice for a moment.
 */
public final class BoundedBody {

    private BoundedBody() {
    }

    /**
     * The most bytes reading a body can hold: its declared length, or the limit when it declares none.
     *
     * @throws BodyTooLargeException when the declared length exceeds the limit
     */
    public static long mostBytes(long declaredLength, long limit) {
        if (declaredLength > limit) {
            throw new BodyTooLargeException(limit);
        }
        return declaredLength >= 0 ? declaredLength : limit;
    }

    /**
     * @param declaredLength the {@code Content-Length}, or a negative number when the body is chunked
     * @throws BodyTooLargeException when the declared length or the bytes streamed exceed the limit
     * @throws IOException when the body ended early or could not be read
     */
    public static byte[] read(InputStream body, long declaredLength, long limit) throws IOException {
        long most = mostBytes(declaredLength, limit);
        return declaredLength >= 0 ? readDeclared(body, (int) most) : readStreamed(body, limit);
    }

    /** The container ends the stream after the declared bytes: an array left short means the body ended early. */
    private static byte[] readDeclared(InputStream body, int length) throws IOException {
        byte[] bytes = new byte[length];
        int read = body.readNBytes(bytes, 0, length);
        if (read < length) {
            throw new EOFException("the body ended after " + read + " of its " + length + " declared bytes");
        }
        return bytes;
    }

    private static byte[] readStreamed(InputStream body, long limit) throws IOException {
        byte[] bytes = body.readNBytes((int) limit + 1);
        if (bytes.length > limit) {
            throw new BodyTooLargeException(limit);
        }
        return bytes;
    }
}
