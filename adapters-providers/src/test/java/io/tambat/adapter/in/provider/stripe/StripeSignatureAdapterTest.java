package io.tambat.adapter.in.provider.stripe;

import static io.tambat.adapter.in.provider.TestSigning.hex;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.BuiltInAdapterConformance;
import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.adapter.in.provider.TestSigning;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StripeSignatureAdapterTest extends BuiltInAdapterConformance {

    private static final String X1_SECRET = "whsec_test_secret";
    private static final long X1_T = 1614265330L;
    private static final String X1_BODY = "{\"id\":\"evt_test_webhook\",\"object\":\"event\"}";
    private static final String X1_V1 = "3c5817089d739023dd6190f70a3757e04f7a2fd8b5dab12c2e000f51970dccff";

    StripeSignatureAdapterTest() {
        super(new StripeSignatureAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(X1_SECRET, "whsec_rolled_secret_two", "whsec_unrelated_secret_three",
                "whsec_unrelated_secret_four", "whsec_unrelated_secret_five", "whsec_unrelated_secret_six");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("", "secret", "whsec_", "whsec_short", "whsec_has a space", "WHSEC_uppercase_prefix",
                "sk_live_not_a_webhook_secret");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"" + eventType + "\","
                + "\"created\":1614265000,\"data\":{\"object\":{\"id\":\"pi_123\",\"object\":\"payment_intent\","
                + "\"description\":\"" + note + "\"}}}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json; charset=utf-8"),
                "Stripe-Signature", List.of(signatureHeader(shown.timestamp(), signed.timestamp(), signed.body(),
                        secrets)));
    }

    private static String signatureHeader(long shownT, long signedT, byte[] body, List<String> secrets) {
        return "t=" + shownT + secrets.stream()
                .map(secret -> ",v1=" + hex(hmacSha256(utf8(secret),
                        TestSigning.concat(utf8(signedT + "."), body))))
                .collect(Collectors.joining());
    }

    @Override
    protected String signatureHeader() {
        return "Stripe-Signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of(
                "garbage-without-structure",
                "v1=" + X1_V1,
                "t=,v1=" + X1_V1,
                "t=16142653x0,v1=" + X1_V1,
                "t=-1614265330,v1=" + X1_V1,
                "t=1614265330",
                "t=1614265330,v1=not-hex-at-all",
                "t=1614265330,v1=" + X1_V1.substring(2),
                "t=1614265330,v0=" + X1_V1,
                "t=1614265330,t=1614265331,v1=" + X1_V1);
    }

    @Override
    protected Optional<Message> withChangedEventId(Message message) {
        return withEventIdChangedInEnvelope(message);
    }

    private static RawDelivery stripeDelivery(String body, String signatureHeader) {
        return new RawDelivery(utf8(body), Headers.of(
                "Content-Type", "application/json; charset=utf-8", "Stripe-Signature", signatureHeader),
                Optional.empty());
    }

    @Test
    void verifiesTheX1VectorAndReportsItsTimestamp() {
        SignedDelivery signed = adapter.readSignature(stripeDelivery(X1_BODY, "t=" + X1_T + ",v1=" + X1_V1));
        assertThat(signed.verifiedBy(new SecretVersion("v1", X1_SECRET))).isTrue();
        assertThat(signed.signedAt()).contains(Instant.ofEpochSecond(X1_T));
    }

    @Test
    void rejectsEverySingleMutationOfTheX1Vector() {
        String header = "t=" + X1_T + ",v1=" + X1_V1;
        assertThat(verifies(stripeDelivery(X1_BODY.replace("evt_test", "evt_tesu"), header), X1_SECRET)).isFalse();
        assertThat(verifies(stripeDelivery(X1_BODY, "t=" + (X1_T + 1) + ",v1=" + X1_V1), X1_SECRET)).isFalse();
        String flippedSignature = X1_V1.substring(0, 63) + "e";
        assertThat(verifies(stripeDelivery(X1_BODY, "t=" + X1_T + ",v1=" + flippedSignature), X1_SECRET)).isFalse();
        assertThat(verifies(stripeDelivery(X1_BODY, header), "whsec_test_secreu")).isFalse();
    }

    @Test
    void keysTheHmacWithTheWholeSecretIncludingItsPrefix() {
        String header = "t=" + X1_T + ",v1=" + X1_V1;
        assertThat(verifies(stripeDelivery(X1_BODY, header), "test_secret")).isFalse();
    }

    @Test
    void verifiesARetryOfTheSameEventWithANewTimestampAsTheSameLogicalEvent() {
        Message first = fixture();
        Message retry = first.withTimestamp(first.timestamp() + 3_600);
        RawDelivery firstDelivery = signed(first);
        RawDelivery retryDelivery = signed(retry);

        assertThat(verifies(firstDelivery, secret())).isTrue();
        assertThat(verifies(retryDelivery, secret())).isTrue();
        assertThat(adapter.readSignature(retryDelivery).signedAt())
                .contains(Instant.ofEpochSecond(retry.timestamp()));
        assertThat(adapter.readEvents(retryDelivery).get(0).providerEventId())
                .isEqualTo(adapter.readEvents(firstDelivery).get(0).providerEventId())
                .isEqualTo("evt_contract_0001");
    }

    @Test
    void ignoresV0AndUnknownSchemesBesideAValidV1() {
        String header = "t=" + X1_T + ",v0=" + "ab".repeat(32) + ",v1=" + X1_V1 + ",v9=whatever,noequals";
        assertThat(verifies(stripeDelivery(X1_BODY, header), X1_SECRET)).isTrue();
    }

    @Test
    void matchesAnyV1WhenAMalformedOneSitsBesideIt() {
        String header = "t=" + X1_T + ",v1=zz,v1=" + X1_V1;
        assertThat(verifies(stripeDelivery(X1_BODY, header), X1_SECRET)).isTrue();
    }

    @Test
    void readsTypeCreationTimeAndObjectIdWithoutAVersion() {
        WebhookEvent event = adapter.readEvents(signed(fixture())).get(0);
        assertThat(event.eventType()).isEqualTo("invoice.paid");
        assertThat(event.providerCreatedAt()).contains(Instant.ofEpochSecond(1614265000L));
        assertThat(event.objectId()).contains("pi_123");
        assertThat(event.objectVersion()).isEmpty();
    }

    @Test
    void readsAnEventWithoutCreationTimeOrObject() {
        RawDelivery delivery = stripeDelivery("{\"id\":\"evt_1\",\"type\":\"ping\"}", "t=1,v1=" + X1_V1);
        WebhookEvent event = adapter.readEvents(delivery).get(0);
        assertThat(event.providerEventId()).isEqualTo("evt_1");
        assertThat(event.objectId()).isEmpty();
        assertThat(event.providerCreatedAt()).isEmpty();
    }

    @Test
    void rejectsAnEnvelopeWithoutTypeSuchAsTheX1Body() {
        assertRejected(() -> adapter.readEvents(stripeDelivery(X1_BODY, "t=1,v1=" + X1_V1)),
                Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void rejectsAnEnvelopeWhoseEventIdOrTypeIsMissingOrNotAString() {
        for (String body : List.of("{\"type\":\"ping\"}", "{\"id\":42,\"type\":\"ping\"}",
                "{\"id\":\"\",\"type\":\"ping\"}", "{\"id\":\"evt_1\",\"type\":7}")) {
            assertRejected(() -> adapter.readEvents(stripeDelivery(body, "t=1,v1=" + X1_V1)),
                    Rejection.MALFORMED_ENVELOPE);
        }
    }

    static Stream<JsonValue> creationTimesThatAreNotUnixSeconds() {
        return Stream.of(Json.createValue("yesterday"), Json.createValue(1614265000.5),
                Json.createValue(Long.MAX_VALUE), Json.createValue(new BigInteger("99999999999999999999")));
    }

    @ParameterizedTest
    @MethodSource("creationTimesThatAreNotUnixSeconds")
    void storesAnEventWhoseCreationTimeIsNotUnixSecondsWithoutCreationTime(JsonValue created) {
        WebhookEvent event = onlyEvent(fixtureWith(p -> p.replace("/created", created)));
        assertThat(event.providerCreatedAt()).isEmpty();
        assertThat(event.objectId()).contains("pi_123");
    }

    static Stream<JsonValue> objectIdsThatAreNotStrings() {
        return Stream.of(Json.createValue(42), Json.createObjectBuilder().add("id", "pi_123").build());
    }

    @ParameterizedTest
    @MethodSource("objectIdsThatAreNotStrings")
    void storesAnEventWhoseObjectIdIsNotAStringWithoutAnObjectId(JsonValue id) {
        WebhookEvent event = onlyEvent(fixtureWith(p -> p.replace("/data/object/id", id)));
        assertThat(event.objectId()).isEmpty();
        assertThat(event.providerCreatedAt()).contains(Instant.ofEpochSecond(1614265000L));
    }

    @Test
    void rejectsAnEnvelopeThatRepeatsItsId() {
        String body = "{\"id\":\"evt_1\",\"type\":\"ping\",\"id\":\"evt_2\"}";
        assertRejected(() -> adapter.readEvents(stripeDelivery(body, "t=1,v1=" + X1_V1)),
                Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void usesStripesFiveMinuteTolerance() {
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ofMinutes(5));
        assertThat(adapter.provider()).isEqualTo("stripe");
    }

    /**
     * The header Stripe's official library made ({@code stripe} 23.1.0 for Node,
     * {@code webhooks.generateTestHeaderString}, accepted by its {@code constructEvent}) for a recorded event.
     */
    @Test
    void verifiesTheHeaderStripesLibraryMadeAndRejectsEachMutation() {
        String secret = "whsec_tambat_fixture_stripe_0001";
        String header = "t=1796107460,v1=5d404a0e9f618fd1b2d07f733f9bdd17037734323de01d95f254e6068e9c5c3c";
        String body = new String(EventFixtures.read("stripe", "payment_intent.succeeded.json"), StandardCharsets.UTF_8);
        assertThat(verifies(stripeDelivery(body, header), secret)).isTrue();
        assertThat(verifies(stripeDelivery(body, header.replace("1796107460", "1796107461")), secret)).isFalse();
        assertThat(verifies(stripeDelivery(body.replace("\"succeeded\"", "\"canceled\""), header), secret)).isFalse();
        assertThat(verifies(stripeDelivery(body + "\n", header), secret)).isFalse();
        assertThat(verifies(stripeDelivery(body, header), "whsec_tambat_fixture_stripe_0002")).isFalse();
    }
}
