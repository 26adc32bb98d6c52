package io.tambat.sender.delivery;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A signed POST, ready to send.
 *
 * @param headers in the order they are sent, {@code Content-Type} first
 */
public record WebhookRequest(URI url, Map<String, String> headers, byte[] body) {

    static WebhookRequest of(URI url, Body body, Map<String, String> providerHeaders) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", body.contentType());
        headers.putAll(providerHeaders);
        return new WebhookRequest(url, Collections.unmodifiableMap(headers), body.bytes());
    }

    /** The same request with another body, the signature left as it was. */
    public WebhookRequest withBody(byte[] otherBody) {
        return new WebhookRequest(url, headers, otherBody);
    }
}
