package io.tambat.adapter.in.provider.gitlab;

import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.TestHeaders;
import io.tambat.adapter.in.provider.UntimedSignatureConformance;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GitLabTokenAdapterTest extends UntimedSignatureConformance {

    private static final String KEY = "9d3e5ba1-4c6f-4b87-8a14-5b0c7c0e2f11";

    GitLabTokenAdapterTest() {
        super(new GitLabTokenAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of("glpat-not-a-token-but-a-hook-secret", "rotated-hook-token", "another project's token");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"object_kind\":\"push\",\"message\":\"" + note + "\",\"project\":{\"id\":15}}");
    }

    /** A token is the secret itself: "signed" by a secret means carrying it. */
    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "Idempotency-Key", List.of(shown.eventId()),
                "X-Gitlab-Event", List.of(shown.eventType()),
                "X-Gitlab-Token", secrets);
    }

    @Override
    protected String signatureHeader() {
        return "X-Gitlab-Token";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of("");
    }

    @Override
    protected boolean signsBody() {
        return false;
    }

    private static RawDelivery push(String... extraHeaders) {
        String[] usual = {"Content-Type", "application/json", "X-Gitlab-Event", "Push Hook", "Idempotency-Key", KEY};
        return new RawDelivery(utf8("{\"object_kind\":\"push\",\"project\":{\"id\":15}}"),
                TestHeaders.of(usual, extraHeaders), Optional.empty());
    }

    @Test
    void acceptsTheExactTokenOfAnyTrustedVersionOnly() {
        assertThat(verifies(push("X-Gitlab-Token", "rotated-hook-token"), "rotated-hook-token")).isTrue();
        assertThat(verifies(push("X-Gitlab-Token", "rotated-hook-token"), "rotated-hook-tokeN")).isFalse();
        assertThat(verifies(push("X-Gitlab-Token", "rotated-hook-token "), "rotated-hook-token")).isFalse();
        assertThat(verifies(push("X-Gitlab-Token", "rotated"), "rotated-hook-token")).isFalse();
        assertThat(verifies(push("X-Gitlab-Token", "rotated-hook-token-and-more"), "rotated-hook-token")).isFalse();
    }

    @Test
    void treatsARepeatedTokenHeaderAsAMissingSignature() {
        assertRejected(() -> adapter.readSignature(push("X-Gitlab-Token", "a", "X-Gitlab-Token", "b")),
                Rejection.SIGNATURE_MISSING);
    }

    @Test
    void readsTheIdempotencyKeyTheEventTypeAndTheProject() {
        assertThat(adapter.readEvents(push())).singleElement().satisfies(event -> {
            assertThat(event.providerEventId()).isEqualTo(KEY);
            assertThat(event.eventType()).isEqualTo("Push Hook");
            assertThat(event.objectId()).contains("15");
        });
    }

    @Test
    void refusesADeliveryWithoutItsIdempotencyKey() {
        RawDelivery delivery = new RawDelivery(utf8("{\"project\":{\"id\":15}}"), Headers.of("Content-Type",
                "application/json", "X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", "t"), Optional.empty());
        assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
    }
}
