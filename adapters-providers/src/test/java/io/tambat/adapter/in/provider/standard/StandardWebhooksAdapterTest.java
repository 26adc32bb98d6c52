package io.tambat.adapter.in.provider.standard;

import static io.tambat.adapter.in.provider.TestSigning.base64;
import static io.tambat.adapter.in.provider.TestSigning.concat;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.tambat.adapter.in.provider.BuiltInAdapterConformance;
import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.adapter.in.provider.TestHeaders;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksAdapterTest extends BuiltInAdapterConformance {

    private static final String S1_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String S1_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final String S1_TS = "1614265330";
    private static final String S1_BODY = "{\"test\": 2432232314}";
    private static final String S1_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    private static final String S2_SECRET = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
    private static final String S2_ID = "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk";
    private static final String S2_TS = "1649367553";
    private static final String S2_BODY = "{\"email\":\"test@example.com\",\"username\":\"test_user\"}";
    private static final String S2_SIGNATURE = "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=";

    // The JDK's X.509 SubjectPublicKeyInfo for Ed25519 is a fixed 12-byte header before the 32 raw key bytes.
    private static final int X509_ED25519_HEADER = 12;

    StandardWebhooksAdapterTest() {
        super(new StandardWebhooksAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(S1_SECRET, S2_SECRET, "whsec_" + base64(utf8("an unrelated third key, 32 bytes")),
                "whsec_" + base64(utf8("an unrelated fourth key, 32 byte")),
                "whsec_" + base64(utf8("an unrelated fifth key, 32 bytes")),
                "whsec_" + base64(utf8("an unrelated sixth key, 32 bytes")));
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of(
                "",
                "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                "whsec_",
                "whsec_!!!!not*base64!!!!",
                "whsec_" + base64(new byte[8]),
                "whpk_" + base64(new byte[31]),
                "whpk_" + base64(new byte[33]),
                "whpk_not base64",
                "whsk_" + base64(new byte[64]),
                "stripe-style-whsec_but_not_prefix");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"type\":\"" + eventType + "\",\"timestamp\":\"2022-11-03T20:26:10.344522Z\","
                + "\"data\":{\"id\":\"obj_1\",\"version\":3,\"note\":\"" + note + "\"}}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        String signatures = secrets.stream()
                .map(secret -> "v1," + base64(hmacSha256(key(secret),
                        concat(utf8(signed.eventId() + "." + signed.timestamp() + "."), signed.body()))))
                .collect(Collectors.joining(" "));
        return Map.of(
                "Content-Type", List.of("application/json"),
                "webhook-id", List.of(shown.eventId()),
                "webhook-timestamp", List.of(Long.toString(shown.timestamp())),
                "webhook-signature", List.of(signatures));
    }

    private static byte[] key(String secret) {
        return Base64.getDecoder().decode(secret.substring("whsec_".length()));
    }

    @Override
    protected String signatureHeader() {
        return "webhook-signature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of(
                "",
                "   ",
                "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                "v1",
                "v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                "v1,!!!!not*base64!!!!",
                "v1," + base64(new byte[16]),
                "v1a," + base64(new byte[32]));
    }

    private static RawDelivery standardDelivery(String body, String... headers) {
        return new RawDelivery(utf8(body), TestHeaders.of(headers, "Content-Type", "application/json"),
                Optional.empty());
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(new Vector("S1", webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE, S1_BODY), S1_SECRET),
                new Vector("S2", webhookHeaders(S2_ID, S2_TS, S2_SIGNATURE, S2_BODY), S2_SECRET));
    }

    private static RawDelivery webhookHeaders(String id, String ts, String signature, String body) {
        return standardDelivery(body, "webhook-id", id, "webhook-timestamp", ts, "webhook-signature", signature);
    }

    @Test
    void verifiesTheS1VectorAndRejectsEachMutation() {
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE, S1_BODY), S1_SECRET)).isTrue();
        assertThat(verifies(webhookHeaders(S1_ID + "x", S1_TS, S1_SIGNATURE, S1_BODY), S1_SECRET)).isFalse();
        assertThat(verifies(webhookHeaders(S1_ID, "1614265331", S1_SIGNATURE, S1_BODY), S1_SECRET)).isFalse();
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE, "{\"test\":2432232314}"), S1_SECRET))
                .isFalse();
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE, S1_BODY), S2_SECRET)).isFalse();
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE.replace('g', 'h'), S1_BODY), S1_SECRET))
                .isFalse();
    }

    @Test
    void verifiesTheS2VectorAndRejectsEachMutation() {
        assertThat(verifies(webhookHeaders(S2_ID, S2_TS, S2_SIGNATURE, S2_BODY), S2_SECRET)).isTrue();
        assertThat(adapter.readSignature(webhookHeaders(S2_ID, S2_TS, S2_SIGNATURE, S2_BODY)).signedAt())
                .contains(Instant.ofEpochSecond(1649367553L));
        assertThat(verifies(webhookHeaders(S2_ID, S2_TS, S2_SIGNATURE, S2_BODY.replace("test_user", "test_usex")),
                S2_SECRET)).isFalse();
        assertThat(verifies(webhookHeaders(S2_ID.toLowerCase(), S2_TS, S2_SIGNATURE, S2_BODY), S2_SECRET)).isFalse();
        assertThat(verifies(webhookHeaders(S2_ID, "1649367552", S2_SIGNATURE, S2_BODY), S2_SECRET)).isFalse();
    }

    @Test
    void keysTheHmacWithTheDecodedSecretNotItsText() {
        byte[] signed = utf8(S1_ID + "." + S1_TS + "." + S1_BODY);
        String overText = "v1," + base64(hmacSha256(utf8(S1_SECRET), signed));
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, overText, S1_BODY), S1_SECRET)).isFalse();
    }

    @Test
    void readsSvixHeadersFirstAndFallsBackToWebhookHeaders() {
        RawDelivery svix = standardDelivery(S1_BODY,
                "svix-id", S1_ID, "svix-timestamp", S1_TS, "svix-signature", S1_SIGNATURE);
        assertThat(verifies(svix, S1_SECRET)).isTrue();

        RawDelivery both = standardDelivery(S1_BODY,
                "svix-id", S1_ID, "svix-timestamp", S1_TS, "svix-signature", S1_SIGNATURE,
                "webhook-id", "msg_other", "webhook-timestamp", "1", "webhook-signature", "v1," + base64(new byte[32]));
        assertThat(verifies(both, S1_SECRET)).isTrue();

        RawDelivery mixed = standardDelivery(S1_BODY,
                "svix-id", S1_ID, "webhook-timestamp", S1_TS, "webhook-signature", S1_SIGNATURE);
        assertThat(verifies(mixed, S1_SECRET)).isTrue();
    }

    @Test
    void readsTheLogicalIdFromTheSvixIdWhenPresent() {
        RawDelivery delivery = standardDelivery("{\"type\":\"user.created\"}",
                "svix-id", "msg_svix", "webhook-id", "msg_standard");
        assertThat(adapter.readEvents(delivery).get(0).providerEventId()).isEqualTo("msg_svix");
    }

    @Test
    void rejectsMissingDuplicatedOrNonIntegerIdAndTimestampHeaders() {
        List<RawDelivery> broken = List.of(
                standardDelivery(S1_BODY, "webhook-timestamp", S1_TS, "webhook-signature", S1_SIGNATURE),
                standardDelivery(S1_BODY, "webhook-id", S1_ID, "webhook-signature", S1_SIGNATURE),
                standardDelivery(S1_BODY, "webhook-id", " ", "webhook-timestamp", S1_TS,
                        "webhook-signature", S1_SIGNATURE),
                webhookHeaders(S1_ID, "1614265330.0", S1_SIGNATURE, S1_BODY),
                webhookHeaders(S1_ID, "-1614265330", S1_SIGNATURE, S1_BODY),
                webhookHeaders(S1_ID, "2021-02-25T15:02:10Z", S1_SIGNATURE, S1_BODY),
                standardDelivery(S1_BODY, "webhook-id", S1_ID, "webhook-timestamp", S1_TS,
                        "webhook-timestamp", "1614265331", "webhook-signature", S1_SIGNATURE),
                standardDelivery(S1_BODY, "webhook-id", S1_ID, "webhook-id", "msg_2", "webhook-timestamp", S1_TS,
                        "webhook-signature", S1_SIGNATURE));
        for (RawDelivery delivery : broken) {
            assertRejected(() -> adapter.readSignature(delivery), Rejection.SIGNATURE_MISSING);
        }
    }

    @Test
    void skipsUnknownVersionsBesideAUsableV1() {
        String header = "v2,abc v1a," + base64(new byte[64]) + "  " + S1_SIGNATURE + " nonsense";
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, header, S1_BODY), S1_SECRET)).isTrue();
    }

    @Test
    void verifiesAnEd25519SignatureWithTheSendersPublicKey() throws GeneralSecurityException {
        KeyPair sender = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        String publicKey = publicKeySecret(sender);
        String header = "v1a," + base64(ed25519(sender, utf8(S1_ID + "." + S1_TS + "." + S1_BODY)));

        assertThatCode(() -> adapter.validateSecret(publicKey)).doesNotThrowAnyException();
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, header, S1_BODY), publicKey)).isTrue();
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, header, S1_BODY.replace('2', '3')), publicKey)).isFalse();
        assertThat(verifies(webhookHeaders(S1_ID, "1614265331", header, S1_BODY), publicKey)).isFalse();
        assertThat(verifies(webhookHeaders(S1_ID + "x", S1_TS, header, S1_BODY), publicKey)).isFalse();
    }

    @Test
    void rejectsAnEd25519SignatureFromAnotherKeyPair() throws GeneralSecurityException {
        KeyPair sender = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyPair impostor = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        String header = "v1a," + base64(ed25519(impostor, utf8(S1_ID + "." + S1_TS + "." + S1_BODY)));
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, header, S1_BODY), publicKeySecret(sender))).isFalse();
    }

    @Test
    void checksV1EntriesOnlyWithSymmetricSecretsAndV1aEntriesOnlyWithPublicKeys()
            throws GeneralSecurityException {
        KeyPair sender = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        String v1a = "v1a," + base64(ed25519(sender, utf8(S1_ID + "." + S1_TS + "." + S1_BODY)));
        RawDelivery both = webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE + " " + v1a, S1_BODY);
        RawDelivery onlyV1a = webhookHeaders(S1_ID, S1_TS, v1a, S1_BODY);
        RawDelivery onlyV1 = webhookHeaders(S1_ID, S1_TS, S1_SIGNATURE, S1_BODY);

        assertThat(verifies(both, S1_SECRET)).isTrue();
        assertThat(verifies(both, publicKeySecret(sender))).isTrue();
        assertThat(verifies(onlyV1a, S1_SECRET)).isFalse();
        assertThat(verifies(onlyV1, publicKeySecret(sender))).isFalse();
    }

    @Test
    void countsV1AndV1aEntriesTogetherTowardsTheLimit() throws GeneralSecurityException {
        byte[] signed = utf8(S1_ID + "." + S1_TS + "." + S1_BODY);
        String five = String.join(" ",
                "v1a," + base64(ed25519(KeyPairGenerator.getInstance("Ed25519").generateKeyPair(), signed)),
                "v1a," + base64(ed25519(KeyPairGenerator.getInstance("Ed25519").generateKeyPair(), signed)),
                "v1a," + base64(ed25519(KeyPairGenerator.getInstance("Ed25519").generateKeyPair(), signed)),
                "v1," + base64(hmacSha256(key(S2_SECRET), signed)),
                S1_SIGNATURE);
        assertThat(verifies(webhookHeaders(S1_ID, S1_TS, five, S1_BODY), S1_SECRET)).isTrue();

        String six = "v1a," + base64(ed25519(KeyPairGenerator.getInstance("Ed25519").generateKeyPair(), signed))
                + " " + five;
        assertRejected(() -> adapter.readSignature(webhookHeaders(S1_ID, S1_TS, six, S1_BODY)),
                Rejection.SIGNATURE_MISSING);
    }

    @Test
    void readsTypeEventTimeObjectIdAndVersion() {
        WebhookEvent event = adapter.readEvents(signed(fixture())).get(0);
        assertThat(event.providerEventId()).isEqualTo("evt_contract_0001");
        assertThat(event.eventType()).isEqualTo("invoice.paid");
        assertThat(event.providerCreatedAt()).contains(Instant.parse("2022-11-03T20:26:10.344522Z"));
        assertThat(event.objectId()).contains("obj_1");
        assertThat(event.objectVersion()).contains(3L);
    }

    @Test
    void readsANumericObjectIdAndToleratesAbsentOptionalFields() {
        RawDelivery numeric = standardDelivery("{\"type\":\"a\",\"data\":{\"id\":12345678901234567890}}",
                "webhook-id", "msg_1");
        assertThat(adapter.readEvents(numeric).get(0).objectId()).contains("12345678901234567890");

        RawDelivery bare = standardDelivery("{\"type\":\"a\",\"data\":null}", "webhook-id", "msg_1");
        WebhookEvent event = adapter.readEvents(bare).get(0);
        assertThat(event.objectId()).isEmpty();
        assertThat(event.objectVersion()).isEmpty();
        assertThat(event.providerCreatedAt()).isEmpty();
    }

    @Test
    void rejectsAnEnvelopeWithoutAStringEventTypeOrWithTrailingContent() {
        for (String body : List.of(
                "{\"data\":{\"id\":\"obj_1\"}}",
                "{\"type\":7}",
                "{\"type\":\" \"}",
                "{\"type\":\"a\"} trailing")) {
            RawDelivery delivery = standardDelivery(body, "webhook-id", "msg_1");
            assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void rejectsADeliveryWithoutWebhookIdAsMalformedEnvelope() {
        Map<String, List<String>> headers = new HashMap<>(headers(fixture(), fixture(), List.of(secret())));
        headers.remove("webhook-id");
        assertRejected(() -> adapter.readEvents(delivery(headers, fixture().body())), Rejection.MALFORMED_ENVELOPE);
    }

    static Stream<JsonValue> versionsThatAreNot64BitIntegers() {
        return Stream.of(Json.createValue("abc"), Json.createValue(1.5),
                Json.createObjectBuilder().add("major", 3).build(),
                Json.createValue(new BigInteger("99999999999999999999")));
    }

    @ParameterizedTest
    @MethodSource("versionsThatAreNot64BitIntegers")
    void storesAnEventWhoseVersionIsNotA64BitIntegerWithoutAVersion(JsonValue version) {
        WebhookEvent event = onlyEvent(fixtureWith(p -> p.replace("/data/version", version)));
        assertThat(event.objectVersion()).isEmpty();
        assertThat(event.objectId()).contains("obj_1");
    }

    static Stream<JsonValue> idsThatAreNeitherStringsNorIntegers() {
        return Stream.of(Json.createObjectBuilder().add("ref", "obj_1").build(), JsonValue.TRUE,
                Json.createValue(12.5));
    }

    @ParameterizedTest
    @MethodSource("idsThatAreNeitherStringsNorIntegers")
    void storesAnEventWhoseObjectIdIsNeitherAStringNorAnIntegerWithoutAnObjectId(JsonValue id) {
        WebhookEvent event = onlyEvent(fixtureWith(p -> p.replace("/data/id", id)));
        assertThat(event.objectId()).isEmpty();
        assertThat(event.objectVersion()).contains(3L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"last tuesday", "2022-11-03T20:26:10", ""})
    void storesAnEventWhoseTimestampIsNotAnIsoInstantWithoutCreationTime(String timestamp) {
        WebhookEvent event = onlyEvent(fixtureWith(p -> p.replace("/timestamp", timestamp)));
        assertThat(event.providerCreatedAt()).isEmpty();
    }

    @Test
    void usesTheSpecsFiveMinuteTolerance() {
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ofMinutes(5));
        assertThat(adapter.provider()).isEqualTo("standard");
    }

    private static String publicKeySecret(KeyPair pair) {
        byte[] x509 = pair.getPublic().getEncoded();
        assertThat(x509).hasSize(X509_ED25519_HEADER + 32);
        return "whpk_" + base64(Arrays.copyOfRange(x509, X509_ED25519_HEADER, x509.length));
    }

    private static byte[] ed25519(KeyPair pair, byte[] message) throws GeneralSecurityException {
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(pair.getPrivate());
        signer.update(message);
        return signer.sign();
    }

    /** The signature the spec's official library made ({@code standardwebhooks} 1.1.1 for Node, {@code sign}). */
    @Test
    void verifiesTheSignatureTheStandardWebhooksLibraryMadeAndRejectsEachMutation() {
        String body = new String(EventFixtures.read("standard", "payment.updated.json"), StandardCharsets.UTF_8);
        String signature = "v1,eSxvPZNiPw6CTEbYVGO9TYN+ZSHmZYHJrADy1fmA9oA=";
        assertThat(verifies(webhookHeaders("msg_tambat_fixture_0001", "1796107460", signature, body), S1_SECRET))
                .isTrue();
        assertThat(verifies(webhookHeaders("msg_tambat_fixture_0002", "1796107460", signature, body), S1_SECRET))
                .isFalse();
        assertThat(verifies(webhookHeaders("msg_tambat_fixture_0001", "1796107461", signature, body), S1_SECRET))
                .isFalse();
        assertThat(verifies(webhookHeaders("msg_tambat_fixture_0001", "1796107460", signature,
                body.replace("\"captured\"", "\"refunded\"")), S1_SECRET)).isFalse();
    }
}
