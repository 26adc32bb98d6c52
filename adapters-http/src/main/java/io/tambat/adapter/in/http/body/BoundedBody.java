package io.tambat.adapter.in.http.body;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body into bytes, never more than the limit plus one byte: an oversized body (declared or
 * chunked) is refused while streaming, before anything parses it. Callers read only after authenticating the
 * request, so an anonymous sender cannot make the server read anything.
 */
public final class BoundedBody {

    private BoundedBody() {
    }

    /**
     * @throws BodyTooLargeException when the declared length or the bytes streamed exceed the limit
     * @throws IOException when the body ended early or could not be read
     */
    public static byte[] read(InputStream body, long declaredLength, long limit) throws IOException {
        if (declaredLength > limit) {
            throw new BodyTooLargeException(limit);
        }
        byte[] bytes = body.readNBytes((int) limit + 1);
        if (bytes.length > limit) {
            throw new BodyTooLargeException(limit);
        }
        return bytes;
    }
}
