package io.tambat.adapter.in.provider.github;

import static io.tambat.adapter.in.provider.TestSigning.hex;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.adapter.in.provider.TestHeaders;
import io.tambat.adapter.in.provider.UntimedSignatureConformance;
import io.tambat.kit.JsonMutation;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GitHubSignatureAdapterTest extends UntimedSignatureConformance {

    private static final String GUID = "72d3162e-cc78-11e3-81ab-4c9367dc0958";
    private static final String G1_SIGNATURE = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    private static final String G2_SIGNATURE = "sha256=4864d2759938a15468b5df9ade20bf161da9b4f737ea61794142f3484236bda3";
    private static final String G3_SIGNATURE = "sha256=6f8326efbacfbd04e870cea25b5652e635be8c9807f2fd5348ef60753c9e96ed";
    /** G3's payload holds two literal backslashes before {@code u001b}. */
    private static final String G3_PAYLOAD = "{\"foo\":\"\\\\u001b\"}";

    GitHubSignatureAdapterTest() {
        super(new GitHubSignatureAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of("It's a Secret to Everybody", "mysecret", "development");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"action\":\"opened\",\"zen\":\"" + note + "\",\"hook_id\":12345678}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "X-GitHub-Delivery", List.of(shown.eventId()),
                "X-GitHub-Event", List.of(shown.eventType()),
                "X-Hub-Signature-256", secrets.stream()
                        .map(secret -> "sha256=" + hex(hmacSha256(utf8(secret), signed.body())))
                        .toList());
    }

    @Override
    protected String signatureHeader() {
        return "X-Hub-Signature-256";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        String sha256 = "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
        return List.of(
                sha256,
                "sha256=",
                "sha1=01dc10d0c83e72ed246219cdd91669667fe2ca59",
                "sha256=" + sha256.substring(0, 62),
                "sha256=" + sha256.replace('e', 'g'),
                "SHA256=" + sha256,
                "sha256 = " + sha256);
    }

    private static RawDelivery gitHubDelivery(byte[] body, String contentType, String... extraHeaders) {
        String[] usual = {"Content-Type", contentType, "X-GitHub-Delivery", GUID, "X-GitHub-Event", "push"};
        return new RawDelivery(body, TestHeaders.of(usual, extraHeaders), Optional.empty());
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(
                new Vector("G1", vectorDelivery("Hello, World!", G1_SIGNATURE), "It's a Secret to Everybody"),
                new Vector("G2", vectorDelivery("{\"foo\":\"bar\"}", G2_SIGNATURE), "mysecret"),
                new Vector("G3", vectorDelivery(G3_PAYLOAD, G3_SIGNATURE), "development"));
    }

    private static RawDelivery vectorDelivery(String payload, String signature) {
        return gitHubDelivery(utf8(payload), "application/json", "X-Hub-Signature-256", signature);
    }

    private boolean vectorVerifies(String secret, String payload, String signature) {
        return verifies(vectorDelivery(payload, signature), secret);
    }

    @Test
    void verifiesTheG1VectorFromGitHubsDocsAndRejectsEachMutation() {
        String signature = G1_SIGNATURE;
        assertThat(vectorVerifies("It's a Secret to Everybody", "Hello, World!", signature)).isTrue();
        assertThat(vectorVerifies("It's a Secret to Everybody", "Hello, World?", signature)).isFalse();
        assertThat(vectorVerifies("It's a Secret to Everybody", "Hello,  World!", signature)).isFalse();
        assertThat(vectorVerifies("It's a secret to Everybody", "Hello, World!", signature)).isFalse();
        assertThat(vectorVerifies("It's a Secret to Everybody", "Hello, World!",
                signature.substring(0, signature.length() - 1) + "6")).isFalse();
    }

    @Test
    void verifiesTheG2VectorFromOctokitAndRejectsEachMutation() {
        String signature = G2_SIGNATURE;
        assertThat(vectorVerifies("mysecret", "{\"foo\":\"bar\"}", signature)).isTrue();
        assertThat(vectorVerifies("mysecret", "{\"foo\":\"baz\"}", signature)).isFalse();
        assertThat(vectorVerifies("mysecret", "{\"foo\": \"bar\"}", signature)).isFalse();
        assertThat(vectorVerifies("mysecreT", "{\"foo\":\"bar\"}", signature)).isFalse();
    }

    @Test
    void verifiesTheG3VectorWithItsLiteralBackslashesAndRejectsEachMutation() {
        String signature = G3_SIGNATURE;
        String twoBackslashes = G3_PAYLOAD;
        assertThat(twoBackslashes).hasSize(17);
        assertThat(vectorVerifies("development", twoBackslashes, signature)).isTrue();
        assertThat(vectorVerifies("development", "{\"foo\":\"\\u001b\"}", signature)).isFalse();
        assertThat(vectorVerifies("development", "{\"foo\":\"\u001b\"}", signature)).isFalse();
        assertThat(vectorVerifies("Development", twoBackslashes, signature)).isFalse();
    }

    @Test
    void treatsTheLegacySha1HeaderAloneAsAMissingSignature() {
        RawDelivery delivery = gitHubDelivery(utf8("Hello, World!"), "application/json",
                "X-Hub-Signature", "sha1=01dc10d0c83e72ed246219cdd91669667fe2ca59");
        WebhookRejectedException e = catchThrowableOfType(WebhookRejectedException.class,
                () -> adapter.readSignature(delivery));
        assertThat(e.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING);
        assertThat(e.getMessage()).contains("legacy").doesNotContain("01dc10d0");
    }

    @Test
    void verifiesAFormEncodedDeliveryOverItsRawBytesAndReadsThePayloadField() {
        String json = "{\"zen\":\"Keep it logically awesome – ☕\",\"hook_id\":1}";
        byte[] body = utf8("payload=" + URLEncoder.encode(json, StandardCharsets.UTF_8));
        RawDelivery delivery = gitHubDelivery(body, "application/x-www-form-urlencoded",
                "X-Hub-Signature-256", "sha256=" + hex(hmacSha256(utf8("mysecret"), body)));

        assertThat(adapter.acceptsContentType("application/x-www-form-urlencoded")).isTrue();
        assertThat(verifies(delivery, "mysecret")).isTrue();
        assertThat(adapter.readEvents(delivery)).singleElement()
                .satisfies(event -> assertThat(event.providerEventId()).isEqualTo(GUID));
    }

    @Test
    void rejectsAFormEncodedDeliveryWithoutAJsonPayloadField() {
        for (String body : List.of("other=1", "payload=not+json", "payload=%7B&payload=%7B%7D", "payload=%ZZ")) {
            RawDelivery delivery = gitHubDelivery(utf8(body), "application/x-www-form-urlencoded");
            assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void takesTheObjectIdFromTheSignedBodyWhenTheTargetHeaderNamesAnother() {
        RawDelivery delivery = gitHubDelivery(EventFixtures.read("github", "installation.json"), "application/json",
                "X-GitHub-Hook-Installation-Target-ID", "79929171");
        WebhookEvent event = adapter.readEvents(delivery).get(0);
        assertThat(event.providerEventId()).isEqualTo(GUID);
        assertThat(event.eventType()).isEqualTo("push");
        assertThat(event.objectId()).contains("2311213");
        assertThat(event.objectVersion()).isEmpty();
        assertThat(event.providerCreatedAt()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"installation, 2311213", "push, 1296269", "organization, 6811672", "sponsorship, 1250"})
    void takesTheFirstAccountTheBodyNames(String fixture, String accountId) {
        RawDelivery delivery = gitHubDelivery(EventFixtures.read("github", fixture + ".json"), "application/json");
        assertThat(adapter.readEvents(delivery)).singleElement()
                .satisfies(event -> assertThat(event.objectId()).contains(accountId));
    }

    @Test
    void recordsNoObjectIdWhenTheBodyNamesNoAccountWhateverTheTargetHeaderSays() {
        RawDelivery delivery = gitHubDelivery(EventFixtures.read("github", "ping.json"), "application/json",
                "X-GitHub-Hook-Installation-Target-ID", "79929171");
        assertThat(adapter.readEvents(delivery)).singleElement()
                .satisfies(event -> assertThat(event.objectId()).isEmpty());
    }

    @Test
    void storesAnEventWhoseAccountIdIsNeitherAStringNorAnIntegerWithoutAnObjectId() {
        byte[] body = JsonMutation.apply(EventFixtures.read("github", "installation.json"),
                p -> p.replace("/installation/id", true));
        assertThat(adapter.readEvents(gitHubDelivery(body, "application/json"))).singleElement()
                .satisfies(event -> assertThat(event.objectId()).isEmpty());
    }

    @Test
    void readsTheAccountOfAFormEncodedDeliveryFromItsPayloadField() {
        byte[] json = EventFixtures.read("github", "push.json");
        byte[] body = utf8("payload=" + URLEncoder.encode(new String(json, StandardCharsets.UTF_8),
                StandardCharsets.UTF_8));
        assertThat(adapter.readEvents(gitHubDelivery(body, "application/x-www-form-urlencoded"))).singleElement()
                .satisfies(event -> assertThat(event.objectId()).contains("1296269"));
    }

    @Test
    void rejectsADeliveryWithoutItsDeliveryOrEventHeaderAsMalformed() {
        byte[] body = utf8("{\"zen\":\"hi\"}");
        RawDelivery noDelivery = new RawDelivery(body,
                Headers.of("Content-Type", "application/json", "X-GitHub-Event", "push"), Optional.empty());
        RawDelivery noEvent = new RawDelivery(body,
                Headers.of("Content-Type", "application/json", "X-GitHub-Delivery", GUID), Optional.empty());
        assertRejected(() -> adapter.readEvents(noDelivery), Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> adapter.readEvents(noEvent), Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void verifiesAManualRedeliveryWithTheSameDeliveryIdAndSignature() {
        RawDelivery original = signed(fixture());
        RawDelivery redelivery = signed(fixture());
        assertThat(verifies(redelivery, secret())).isTrue();
        assertThat(adapter.readEvents(redelivery).get(0).providerEventId())
                .isEqualTo(adapter.readEvents(original).get(0).providerEventId());
    }

    @Test
    void stillVerifiesAChangedDeliveryIdBecauseGitHubDoesNotSignIt() {
        // Documents a limit of GitHub's scheme, not a choice of the adapter: see the class Javadoc.
        Message changed = fixture().withEventId("00000000-0000-0000-0000-000000000000");
        assertThat(verifies(delivery(changed, fixture(), List.of(secret())), secret())).isTrue();
    }

    @Test
    void acceptsAnyNonEmptySecret() {
        adapter.validateSecret("x");
        assertThat(adapter.provider()).isEqualTo("github");
    }

    /** The signature GitHub's official library made ({@code @octokit/webhooks-methods} 6.0.0, {@code sign}). */
    @Test
    void verifiesTheSignatureOctokitMadeAndRejectsEachMutation() {
        String secret = "tambat-fixture-github-secret";
        String signature = "sha256=c33da2a6baa10ea243728acce9f93fdd341906a99f53c6660782101953b50767";
        String body = new String(EventFixtures.read("github", "push.json"), StandardCharsets.UTF_8);
        assertThat(vectorVerifies(secret, body, signature)).isTrue();
        assertThat(vectorVerifies(secret, body.replaceFirst("\"", "\" "), signature)).isFalse();
        assertThat(vectorVerifies(secret, body.trim() + " ", signature)).isFalse();
        assertThat(vectorVerifies("tambat-fixture-github-secreT", body, signature)).isFalse();
    }
}
