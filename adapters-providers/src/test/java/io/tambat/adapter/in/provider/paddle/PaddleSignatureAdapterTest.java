package io.tambat.adapter.in.provider.paddle;

import static io.tambat.adapter.in.provider.TestSigning.concat;
import static io.tambat.adapter.in.provider.TestSigning.hex;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.BuiltInAdapterConformance;
import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PaddleSignatureAdapterTest extends BuiltInAdapterConformance {

    /** Vector P1, from paddle-node-sdk's webhooks-validator test. */
    private static final String P1_SECRET = "VALID_SECRET";
    private static final String P1_BODY = "{\"data\": [\"1\", \"2\"]}";
    private static final String P1_HEADER =
            "ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9";

    /**
     * A {@code transaction.completed} body signed with Node's own HMAC and accepted by Paddle's official SDK
     * ({@code @paddle/paddle-node-sdk} 3.10.0, {@code paddle.webhooks.isSignatureValid}) at its {@code ts}.
     */
    private static final String FIXTURE_SECRET = "pdl_ntfset_01hv8x29kz0t586xy6zn1a62ne_tambatfixturesecret000";
    private static final String FIXTURE_HEADER =
            "ts=1796107460;h1=dee4bc8d30099c945d8951f158fe1fd82d92c5155bc2b488c30e0f2f1c7b4318";

    PaddleSignatureAdapterTest() {
        super(new PaddleSignatureAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(FIXTURE_SECRET, "pdl_ntfset_rotated_two", "pdl_ntfset_unrelated_three",
                "pdl_ntfset_unrelated_four", "pdl_ntfset_unrelated_five", "pdl_ntfset_unrelated_six");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"event_id\":\"" + eventId + "\",\"event_type\":\"" + eventType + "\","
                + "\"occurred_at\":\"2024-04-12T10:18:49.738972Z\",\"data\":{\"id\":\"txn_01\",\"note\":\"" + note
                + "\"}}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "Paddle-Signature", List.of("ts=" + shown.timestamp() + secrets.stream()
                        .map(secret -> ";h1=" + hex(hmacSha256(utf8(secret),
                                concat(utf8(signed.timestamp() + ":"), signed.body()))))
                        .collect(Collectors.joining())));
    }

    @Override
    protected String signatureHeader() {
        return "Paddle-Signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        String h1 = P1_HEADER.substring(P1_HEADER.indexOf("h1=") + 3);
        return List.of(
                "garbage-without-structure",
                "h1=" + h1,
                "ts=;h1=" + h1,
                "ts=16987968x0;h1=" + h1,
                "ts=-1698796800;h1=" + h1,
                "ts=1698796800",
                "ts=1698796800;h1=not-hex-at-all",
                "ts=1698796800;h1=" + h1.substring(2),
                "ts=1698796800,h1=" + h1,
                "t=1698796800;v1=" + h1,
                "ts=1698796800;ts=1698796801;h1=" + h1);
    }

    @Override
    protected Optional<Message> withChangedEventId(Message message) {
        return withEventIdChangedInEnvelope(message);
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(new Vector("P1", paddleDelivery(utf8(P1_BODY), P1_HEADER), P1_SECRET));
    }

    private static RawDelivery paddleDelivery(byte[] body, String signatureHeader) {
        return new RawDelivery(body, Headers.of("Content-Type", "application/json",
                "Paddle-Signature", signatureHeader), Optional.empty());
    }

    @Test
    void verifiesThePaddleSdkVectorAndReportsItsTimestamp() {
        SignedDelivery signed = adapter.readSignature(paddleDelivery(utf8(P1_BODY), P1_HEADER));
        assertThat(signed.verifiedBy(new SecretVersion("v1", P1_SECRET))).isTrue();
        assertThat(signed.verifiedBy(new SecretVersion("v1", "VALID_SECREt"))).isFalse();
        assertThat(signed.signedAt()).contains(Instant.ofEpochSecond(1_698_796_800L));
        assertThat(verifies(paddleDelivery(utf8("{\"data\": [\"1\", \"3\"]}"), P1_HEADER), P1_SECRET)).isFalse();
        assertThat(verifies(paddleDelivery(utf8("{\"data\":[\"1\",\"2\"]}"), P1_HEADER), P1_SECRET)).isFalse();
        assertThat(verifies(paddleDelivery(utf8(P1_BODY), P1_HEADER.replace("1698796800", "1698796801")),
                P1_SECRET)).isFalse();
    }

    @Test
    void verifiesTheSignatureThePaddleSdkAcceptsAndRejectsEachMutation() {
        byte[] body = EventFixtures.read("paddle", "transaction.completed.json");
        assertThat(verifies(paddleDelivery(body, FIXTURE_HEADER), FIXTURE_SECRET)).isTrue();
        String text = new String(body, StandardCharsets.UTF_8);
        assertThat(text).contains("\\u00fc");
        for (String mutated : List.of(
                text.replace("\\u00fc", "ü"),
                text.replace("\"completed\"", "\"paid\""),
                text.replace("\"2975\"", "\"2976\""),
                text.replace(",\"origin\"", ", \"origin\""))) {
            assertThat(verifies(paddleDelivery(utf8(mutated), FIXTURE_HEADER), FIXTURE_SECRET)).isFalse();
        }
    }

    @Test
    void acceptsAnyOfTheSignaturesPaddleSendsDuringARotation() {
        byte[] body = utf8(P1_BODY);
        String other = hex(hmacSha256(utf8("the-next-secret"), concat(utf8("1698796800:"), body)));
        String rotating = P1_HEADER + ";h1=" + other;
        assertThat(verifies(paddleDelivery(body, rotating), P1_SECRET)).isTrue();
        assertThat(verifies(paddleDelivery(body, rotating), "the-next-secret")).isTrue();
        assertThat(verifies(paddleDelivery(body, rotating), "neither")).isFalse();
    }

    @Test
    void readsTheEventAndTheTransactionItsVersionFromTheSignedBody() {
        assertThat(adapter.readEvents(paddleDelivery(EventFixtures.read("paddle", "transaction.completed.json"),
                FIXTURE_HEADER))).singleElement().satisfies(event -> {
                    assertThat(event.providerEventId()).isEqualTo("evt_01hv8x2acma2gz4ykdq3v8xbwt");
                    assertThat(event.eventType()).isEqualTo("transaction.completed");
                    assertThat(event.objectId()).contains("txn_01hv8wptq8987qeep44cyrewp9");
                    assertThat(event.objectVersion()).contains(1_712_917_129_738_972L);
                    assertThat(event.providerCreatedAt()).contains(Instant.parse("2024-04-12T10:18:49.738972Z"));
                });
    }

    @Test
    void recordsNoObjectForAnEventTypeThatTracksNone() {
        byte[] body = utf8("{\"event_id\":\"evt_1\",\"event_type\":\"customer.updated\",\"data\":{\"id\":\"ctm_1\","
                + "\"updated_at\":\"2024-04-12T10:18:49.738972Z\"}}");
        assertThat(adapter.readEvents(paddleDelivery(body, P1_HEADER))).singleElement().satisfies(event -> {
            assertThat(event.objectId()).isEmpty();
            assertThat(event.objectVersion()).isEmpty();
        });
    }

    @Test
    void refusesAnEventWithoutItsIdOrType() {
        for (String body : List.of("{\"event_type\":\"transaction.paid\",\"data\":{}}",
                "{\"event_id\":\"evt_1\",\"data\":{}}", "{\"event_id\":7,\"event_type\":\"transaction.paid\"}")) {
            assertRejected(() -> adapter.readEvents(paddleDelivery(utf8(body), P1_HEADER)),
                    Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void signsWithinFiveSecondsByDefault() {
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ofSeconds(5));
    }
}
