package io.tambat.adapter.in.provider.adyen;

import static io.tambat.adapter.in.provider.TestSigning.base64;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.BuiltInAdapterConformance;
import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignedDelivery;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdyenHmacAdapterTest extends BuiltInAdapterConformance {

    /** The key of vectors A1 and A2, Adyen's documentation example used in its libraries' tests. */
    private static final String DOC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

    /**
     * A batch of two items, each signed by Adyen's official library ({@code @adyen/api-library} 32.1.0,
     * {@code hmacValidator.calculateHmac}, checked with its {@code validateHMAC}) with this key.
     */
    private static final String FIXTURE_KEY = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90";

    private static final String A1 = "{\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":"
            + "{\"additionalData\":{\"hmacSignature\":\"coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=\"},"
            + "\"amount\":{\"currency\":\"EUR\",\"value\":1130},\"eventCode\":\"AUTHORISATION\","
            + "\"merchantAccountCode\":\"TestMerchant\",\"merchantReference\":\"TestPayment-1407325143704\","
            + "\"originalReference\":\"\",\"pspReference\":\"7914073381342284\",\"success\":\"true\"}}]}";
    private static final String A2 = A1.replace("coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=",
            "J7HhsgZo5KwqdB7LFZJV6rfQgp+RqC2kuYyw/3x3w+8=").replace("1130", "0").replace("AUTHORISATION", "REFUND");
    private static final String SIGNATURE_PLACEHOLDER = "%hmacSignature%";

    AdyenHmacAdapterTest() {
        super(new AdyenHmacAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(FIXTURE_KEY, DOC_KEY, "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("", "ABC", "whsec_" + DOC_KEY, DOC_KEY + "G0", DOC_KEY + " ");
    }

    /** One item whose pspReference is the event id and eventCode the type; the note is its merchant reference. */
    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8(batch(item(SIGNATURE_PLACEHOLDER, eventId, eventType, "1130", note)));
    }

    /** The signature sits in the body: computed over the signed message's fields, put into the shown body. */
    @Override
    protected RawDelivery delivery(Message shown, Message signed, List<String> signingSecrets) {
        JsonObject item = Json.createReader(new ByteArrayInputStream(signed.body())).readObject()
                .getJsonArray("notificationItems").getJsonObject(0).getJsonObject("NotificationRequestItem");
        String fields = String.join(":", item.getString("pspReference"), item.getString("originalReference"),
                item.getString("merchantAccountCode"), item.getString("merchantReference"),
                item.getJsonObject("amount").getJsonNumber("value").toString(),
                item.getJsonObject("amount").getString("currency"), item.getString("eventCode"),
                item.getString("success"));
        String signature = base64(hmacSha256(HexFormat.of().parseHex(signingSecrets.get(0)), utf8(fields)));
        return delivery(new String(shown.body(), StandardCharsets.UTF_8).replace(SIGNATURE_PLACEHOLDER, signature));
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of("Content-Type", List.of("application/json"));
    }

    @Override
    protected String signatureHeader() {
        return "additionalData.hmacSignature";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of();
    }

    @Override
    protected List<Vector> vectors() {
        return List.of(new Vector("A1", delivery(A1), DOC_KEY), new Vector("A2", delivery(A2), DOC_KEY));
    }

    @Override
    protected String expectedEventId(Message message) {
        return message.eventId() + ":" + message.eventType() + ":true";
    }

    @Override
    protected Optional<Message> withChangedEventId(Message message) {
        return withEventIdChangedInEnvelope(message);
    }

    @Override
    protected boolean signsTimestamp() {
        return false;
    }

    @Override
    protected boolean signsBody() {
        return false;
    }

    @Override
    protected boolean carriesSeveralSignatures() {
        return false;
    }

    @Override
    protected boolean signatureInBody() {
        return true;
    }

    private static RawDelivery delivery(String body) {
        return new RawDelivery(utf8(body), Headers.of("Content-Type", "application/json"), Optional.empty());
    }

    private static String libraryFixture() {
        return new String(EventFixtures.read("adyen", "authorisation-and-capture.json"), StandardCharsets.UTF_8);
    }

    /** One item as Adyen sends it, signed with {@code key}. */
    private static String signedItem(String key, String psp, String value, String eventCode, String success) {
        String signed = String.join(":", psp, "", "TestMerchant", "TestPayment-1407325143704", value, "EUR",
                eventCode, success);
        return item(base64(hmacSha256(HexFormat.of().parseHex(key), utf8(signed))), psp, eventCode, value,
                "TestPayment-1407325143704").replace("\"success\":\"true\"", "\"success\":\"" + success + "\"");
    }

    private static String item(String hmac, String psp, String eventCode, String value, String merchantReference) {
        return "{\"NotificationRequestItem\":{\"additionalData\":{\"hmacSignature\":\"" + hmac + "\"},"
                + "\"amount\":{\"currency\":\"EUR\",\"value\":" + value + "},\"eventCode\":\"" + eventCode + "\","
                + "\"eventDate\":\"2014-08-06T13:32:23+02:00\",\"merchantAccountCode\":\"TestMerchant\","
                + "\"merchantReference\":\"" + merchantReference + "\",\"originalReference\":\"\","
                + "\"pspReference\":\"" + psp + "\",\"success\":\"true\"}}";
    }

    private static String batch(String... items) {
        return "{\"live\":\"false\",\"notificationItems\":[" + String.join(",", items) + "]}";
    }

    private boolean verifies(String body, String key) {
        return verifies(delivery(body), key);
    }

    @Test
    void refusesEachDocumentedVectorWithAChangedAmount() {
        assertThat(verifies(A1.replace("\"value\":1130", "\"value\":1131"), DOC_KEY)).isFalse();
        assertThat(verifies(A2.replace("\"value\":0", "\"value\":1"), DOC_KEY)).isFalse();
        assertThat(verifies(A1, DOC_KEY.toLowerCase(Locale.ROOT))).isTrue();
    }

    @Test
    void verifiesTheBatchAdyensLibrarySignedAndReportsNoTimestamp() {
        SignedDelivery signed = adapter.readSignature(delivery(libraryFixture()));
        assertThat(signed.checks()).hasSize(2);
        assertThat(signed.verifiedBy(new SecretVersion("v1", FIXTURE_KEY))).isTrue();
        assertThat(signed.signedAt()).isEmpty();
    }

    @Test
    void refusesTheWholeBatchWhenAnySignedFieldOfAnyItemChanges() {
        String body = libraryFixture();
        for (String mutated : List.of(
                body.replace("\"value\":2500}", "\"value\":2501}"),
                body.replace("\"CAPTURE\"", "\"CAPTURE_FAILED\""),
                body.replace("\"V4HZ4RBFJGXXGN82\"", "\"V4HZ4RBFJGXXGN83\""),
                body.replace("\"originalReference\":\"QFQTPCQ8HXSKGK82\"", "\"originalReference\":\"\""),
                body.replace("order-7731-café", "order-7731-cafe"),
                body.replace("\"TambatShopECOM\"", "\"TambatShopEcom\""),
                body.replace("\"currency\":\"EUR\",\"value\":2500},\"eventCode\":\"CAPTURE\"",
                        "\"currency\":\"USD\",\"value\":2500},\"eventCode\":\"CAPTURE\""),
                body.replace("\"success\":\"true\"}}]}", "\"success\":\"false\"}}]}"))) {
            assertThat(mutated).isNotEqualTo(body);
            assertThat(verifies(mutated, FIXTURE_KEY)).as(mutated).isFalse();
        }
    }

    @Test
    void keepsVerifyingWhenOnlyFieldsTheHmacDoesNotCoverChange() {
        // Adyen signs eight fields, not the body: the reason, payment method and additional data are unsigned.
        String reformatted = libraryFixture().replace("\"reason\":\"\"", "\"reason\":\"changed\"").replace(",\"live\"", ", \"live\"");
        assertThat(verifies(reformatted, FIXTURE_KEY)).isTrue();
    }

    @Test
    void refusesABatchWithOneItemSignedByAnotherKey() {
        String mixed = batch(signedItem(DOC_KEY, "psp1", "100", "AUTHORISATION", "true"),
                signedItem(FIXTURE_KEY, "psp2", "200", "AUTHORISATION", "true"));
        assertThat(verifies(mixed, DOC_KEY)).isFalse();
        assertThat(verifies(mixed, FIXTURE_KEY)).isFalse();
    }

    @Test
    void refusesAnItemWithoutAWellFormedSignatureAsSignatureMissing() {
        String good = signedItem(DOC_KEY, "psp1", "100", "AUTHORISATION", "true");
        for (String body : List.of(
                batch(good, good.replaceFirst("\"hmacSignature\":\"[^\"]+\"", "\"other\":\"x\"")),
                batch(good.replaceFirst("\"hmacSignature\":\"[^\"]+\"", "\"hmacSignature\":\"not base64!\"")),
                batch(good.replaceFirst("\"hmacSignature\":\"[^\"]+\"", "\"hmacSignature\":\"AAAA\"")),
                batch(good.replaceFirst("\"hmacSignature\":\"[^\"]+\"", "\"hmacSignature\":7")),
                batch(), "{\"live\":\"false\"}", "[" + good + "]", "not json", batch("{\"Other\":{}}"))) {
            assertRejected(() -> adapter.readSignature(delivery(body)), Rejection.SIGNATURE_MISSING);
        }
    }

    @Test
    void readsEveryItemAsItsOwnEventWithAdyensLogicalId() {
        assertThat(adapter.readEvents(delivery(libraryFixture()))).satisfiesExactly(
                authorisation -> {
                    assertThat(authorisation.providerEventId()).isEqualTo("QFQTPCQ8HXSKGK82:AUTHORISATION:true");
                    assertThat(authorisation.eventType()).isEqualTo("AUTHORISATION");
                    assertThat(authorisation.objectId()).contains("QFQTPCQ8HXSKGK82");
                    assertThat(authorisation.providerCreatedAt()).contains(Instant.parse("2026-11-30T09:15:03Z"));
                },
                capture -> {
                    assertThat(capture.providerEventId()).isEqualTo("V4HZ4RBFJGXXGN82:CAPTURE:true");
                    assertThat(capture.objectId()).contains("QFQTPCQ8HXSKGK82");
                });
    }

    @Test
    void readsAnItemRepeatedInOneBatchOnce() {
        String item = signedItem(DOC_KEY, "psp1", "100", "AUTHORISATION", "false");
        assertThat(adapter.readEvents(delivery(batch(item, item)))).singleElement()
                .satisfies(event -> assertThat(event.providerEventId()).isEqualTo("psp1:AUTHORISATION:false"));
    }

    @Test
    void refusesAnItemWithoutItsReferenceOrEventCodeAsMalformed() {
        for (String body : List.of(batch(signedItem(DOC_KEY, "", "100", "AUTHORISATION", "true")),
                batch(signedItem(DOC_KEY, "psp1", "100", "", "true")), batch(), "[]")) {
            assertRejected(() -> adapter.readEvents(delivery(body)), Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void acknowledgesWithAdyensAcceptedBody() {
        assertThat(adapter.acknowledgement()).contains(new ProviderReply("text/plain", "[accepted]"));
        assertThat(adapter.handshake(delivery(libraryFixture()))).isEmpty();
    }

    @Test
    void verifiesWithNoKeyThatIsNotHex() {
        assertThat(verifies(libraryFixture(), "not a hex key")).isFalse();
    }

    @Test
    void takesJsonAndSignsNoTimestamp() {
        assertThat(adapter.acceptsContentType("application/json; charset=utf-8")).isTrue();
        assertThat(adapter.acceptsContentType("application/x-www-form-urlencoded")).isFalse();
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ZERO);
    }
}
