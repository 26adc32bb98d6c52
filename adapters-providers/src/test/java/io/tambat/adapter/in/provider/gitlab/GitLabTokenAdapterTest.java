package io.tambat.adapter.in.provider.gitlab;

import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.kit.ProviderAdapterConformance;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GitLabTokenAdapterTest extends ProviderAdapterConformance {

    private static final String KEY = "9d3e5ba1-4c6f-4b87-8a14-5b0c7c0e2f11";

    private final GitLabTokenAdapter adapter = new GitLabTokenAdapter();

    @Override
    protected ProviderAdapter adapter() {
        return adapter;
    }

    @Override
    protected String contentType() {
        return "application/json";
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
    protected Optional<Message> withChangedEventId(Message message) {
        return Optional.empty();
    }

    @Override
    protected boolean signsTimestamp() {
        return false;
    }

    @Override
    protected boolean carriesSeveralSignatures() {
        return false;
    }

    @Override
    protected boolean signsBody() {
        return false;
    }

    private static RawDelivery push(String... extraHeaders) {
        String[] base = {"Content-Type", "application/json", "X-Gitlab-Event", "Push Hook", "Idempotency-Key", KEY};
        String[] all = Arrays.copyOf(base, base.length + extraHeaders.length);
        System.arraycopy(extraHeaders, 0, all, base.length, extraHeaders.length);
        return new RawDelivery(utf8("{\"object_kind\":\"push\",\"project\":{\"id\":15}}"), Headers.of(all),
                Optional.empty());
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
