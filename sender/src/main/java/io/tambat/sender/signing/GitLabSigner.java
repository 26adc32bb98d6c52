package io.tambat.sender.signing;

import java.util.Map;

/**
 * GitLab: no signature at all. The webhook's secret token travels as it is in {@code X-Gitlab-Token}, so nothing
 * binds it to the body. {@code Idempotency-Key} stays the same when GitLab retries or resends a hook.
 */
public final class GitLabSigner {

    public static final String EVENT_HEADER = "X-Gitlab-Event";
    public static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
    public static final String TOKEN_HEADER = "X-Gitlab-Token";

    private GitLabSigner() {
    }

    /** The headers of one delivery of {@code event} (for instance {@code Push Hook}). */
    public static Map<String, String> headers(String token, String event, String idempotencyKey) {
        if (token.isEmpty()) {
            throw new IllegalArgumentException("the secret must not be empty");
        }
        return OrderedHeaders.of(
                EVENT_HEADER, event,
                IDEMPOTENCY_HEADER, idempotencyKey,
                TOKEN_HEADER, token);
    }
}
