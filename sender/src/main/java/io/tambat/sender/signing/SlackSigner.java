package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HexFormat;
import java.util.Map;

/**
 * Slack: {@code X-Slack-Signature: v0=<hex>}, the lowercase hex HMAC-SHA256 of {@code "v0:<timestamp>:<raw body>"}
 * keyed with the UTF-8 signing secret, and the timestamp in {@code X-Slack-Request-Timestamp}. A retry of the
 * Events API is a new request, newly timestamped and signed, that also says which retry it is and why.
 */
public final class SlackSigner {

    public static final String TIMESTAMP_HEADER = "X-Slack-Request-Timestamp";
    public static final String SIGNATURE_HEADER = "X-Slack-Signature";
    public static final String RETRY_NUMBER_HEADER = "X-Slack-Retry-Num";
    public static final String RETRY_REASON_HEADER = "X-Slack-Retry-Reason";
    /** The reason given on a retry: the receiver did not answer in time, the usual cause. */
    public static final String RETRY_REASON = "http_timeout";

    private SlackSigner() {
    }

    /**
     * The headers of one attempt signed at {@code unixSeconds}.
     *
     * @param retryNumber 0 for the first attempt; from 1 on, the attempt is sent as that retry
     */
    public static Map<String, String> headers(String secret, long unixSeconds, byte[] body, int retryNumber) {
        String timestamp = Long.toString(unixSeconds);
        String signature = signature(secret, unixSeconds, body);
        if (retryNumber == 0) {
            return OrderedHeaders.of(TIMESTAMP_HEADER, timestamp, SIGNATURE_HEADER, signature);
        }
        return OrderedHeaders.of(
                TIMESTAMP_HEADER, timestamp,
                SIGNATURE_HEADER, signature,
                RETRY_NUMBER_HEADER, Integer.toString(retryNumber),
                RETRY_REASON_HEADER, RETRY_REASON);
    }

    /** The {@code X-Slack-Signature} value. */
    public static String signature(String secret, long unixSeconds, byte[] body) {
        return "v0=" + HexFormat.of().formatHex(
                Hmac.sha256(secret.getBytes(UTF_8), ("v0:" + unixSeconds + ":").getBytes(UTF_8), body));
    }
}
