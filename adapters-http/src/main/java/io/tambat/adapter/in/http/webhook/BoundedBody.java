package io.tambat.adapter.in.http.webhook;

import io.tambat.domain.error.Rejection;
import io.tambat.domain.error.WebhookRejectedException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body into bytes, never more than the limit plus one byte: an oversized body (declared or
 * chunked) is refused while streaming, before anything parses it.
 */
final class BoundedBody {

    private BoundedBody() {
    }

    static byte[] read(InputStream body, long declaredLength, long limit) throws IOException {
        if (declaredLength > limit) {
            throw tooLarge(limit);
        }
        byte[] bytes = body.readNBytes((int) limit + 1);
        if (bytes.length > limit) {
            throw tooLarge(limit);
        }
        return bytes;
    }

    private static WebhookRejectedException tooLarge(long limit) {
        return new WebhookRejectedException(Rejection.PAYLOAD_TOO_LARGE,
                "body exceeds this endpoint's limit of " + limit + " bytes");
    }
}
