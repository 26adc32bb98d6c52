package io.tambat.adapter.in.provider.gitlab;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.ConstantTime;
import io.tambat.adapter.in.provider.support.crypto.Sha256;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * GitLab webhooks (project, group and system hooks).
 *
 * <ul>
 *   <li><b>Authentication:</b> {@code X-Gitlab-Token} carries the hook's secret token in plaintext. It is
 *       compared in constant time with every trusted version. It proves that the sender knows the token, not
 *       that the body is what GitLab sent: nothing in a GitLab delivery is signed, so anyone who sees one
 *       delivery (a proxy, a log) can send any body under the same token. Use HTTPS end to end and rotate the
 *       token when in doubt.</li>
 *   <li><b>Logical event id:</b> the {@code Idempotency-Key} header, the same on every retry and manual
 *       resend of one hook log entry. Not signed.</li>
 *   <li><b>Attempt timestamp:</b> none, so no tolerance applies; a captured delivery can be replayed at
 *       will, and deduplication on the id is the only replay defence.</li>
 *   <li><b>Envelope:</b> {@code X-Gitlab-Event} is the event type (e.g. {@code Push Hook}); the body must be
 *       a JSON object; its {@code project.id} is recorded as the object, as absent when of another type.</li>
 * </ul>
 */
public final class GitLabTokenAdapter extends DeclaredProviderAdapter {

    static final String TOKEN_HEADER = "X-Gitlab-Token";
    static final String ID_HEADER = "Idempotency-Key";
    static final String EVENT_HEADER = "X-Gitlab-Event";
    static final String PROJECT_ID = "/project/id";
    private static final JsonPointers READ = JsonPointers.of(PROJECT_ID);

    /** Tolerance zero: GitLab sends no signed timestamp, so the pipeline never applies one to its deliveries. */
    public GitLabTokenAdapter() {
        super("gitlab", Duration.ZERO, "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("a GitLab secret token must not be empty");
        }
    }

    /**
     * The token, compared as SHA-256 digests so that the comparison takes the same time whatever the lengths
     * of the token sent and of the trusted one. A repeated header is {@code SIGNATURE_MISSING}: two tokens
     * would let one be checked and another be trusted.
     */
    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        String token = SingleHeader.read(delivery.headers(), TOKEN_HEADER, Rejection.SIGNATURE_MISSING)
                .filter(value -> !value.isEmpty())
                .orElseThrow(() -> Rejections.signatureMissing(TOKEN_HEADER + " header is missing or empty"));
        byte[] presented = sha256(token);
        return SignedDelivery.of(secret -> ConstantTime.anyEquals(sha256(secret.secret()), List.of(presented)),
                Optional.empty());
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        Headers headers = delivery.headers();
        String id = SingleHeader.required(headers, ID_HEADER, Rejection.MALFORMED_ENVELOPE);
        String eventType = SingleHeader.required(headers, EVENT_HEADER, Rejection.MALFORMED_ENVELOPE);
        JsonObject payload = JsonBodies.parseObject(delivery.body(), READ);
        return List.of(WebhookEvents.of(id, eventType, JsonFields.lenientId(payload, PROJECT_ID), Optional.empty(),
                Optional.empty()));
    }

    private static byte[] sha256(String text) {
        return Sha256.digest(text.getBytes(StandardCharsets.UTF_8));
    }
}
