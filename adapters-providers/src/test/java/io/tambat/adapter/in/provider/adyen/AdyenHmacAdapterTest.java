package io.tambat.adapter.in.provider.adyen;

import static io.tambat.adapter.in.provider.TestSigning.base64;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.domain.error.Rejection;
import io.tambat.domain.error.WebhookRejectedException;
import io.tambat.domain.model.webhook.Headers;
import io.tambat.domain.model.webhook.ProviderReply;
import io.tambat.domain.model.webhook.RawDelivery;
import io.tambat.domain.model.webhook.SecretVersion;
import io.tambat.domain.model.webhook.SignedDelivery;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdyenHmacAdapterTest {

    /** The key of vectors A1 and A2, Adyen's documentation example used in its libraries' tests. */
    private static final String DOC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

    /**
     * A batch of two items, each signed by Adyen's official library ({@code @adyen/api-library} 32.1.0,
     * {@code hmacValidator.calculateHmac}, checked with its {@code validateHMAC}) with this key.
     */
    private static final String FIXTURE_KEY = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90";

    private final AdyenHmacAdapter adapter = new AdyenHmacAdapter();

    private static RawDelivery delivery(String body) {
        return new RawDelivery(utf8(body), Headers.of("Content-Type", "application/json"), Optional.empty());
    }

    private static String fixture() {
        return new String(EventFixtures.read("adyen", "authorisation-and-capture.json"), StandardCharsets.UTF_8);
    }

    /** One item as Adyen sends it, signed with {@code key} over the fields given. */
    private static String item(String key, String psp, String original, String value, String eventCode,
            String success) {
        String signed = String.join(":", psp, original, "TestMerchant", "TestPayment-1407325143704", value, "EUR",
                eventCode, success);
        String hmac = base64(hmacSha256(HexFormat.of().parseHex(key), utf8(signed)));
        return "{\"NotificationRequestItem\":{\"additionalData\":{\"hmacSignature\":\"" + hmac + "\"},"
                + "\"amount\":{\"currency\":\"EUR\",\"value\":" + value + "},\"eventCode\":\"" + eventCode + "\","
                + "\"eventDate\":\"2014-08-06T13:32:23+02:00\",\"merchantAccountCode\":\"TestMerchant\","
                + "\"merchantReference\":\"TestPayment-1407325143704\",\"originalReference\":\"" + original + "\","
                + "\"pspReference\":\"" + psp + "\",\"success\":\"" + success + "\"}}";
    }

    private static String batch(String... items) {
        return "{\"live\":\"false\",\"notificationItems\":[" + String.join(",", items) + "]}";
    }

    private boolean verifies(String body, String key) {
        return adapter.readSignature(delivery(body)).verifiedBy(new SecretVersion("v1", key));
    }

    private static void assertRejected(Runnable call, Rejection rejection) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(WebhookRejectedException.class,
                e -> assertThat(e.rejection()).isEqualTo(rejection));
    }

    @Test
    void computesAdyensDocumentedSignaturesA1AndA2() {
        String a1 = "{\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":{\"additionalData\":"
                + "{\"hmacSignature\":\"coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=\"},\"amount\":{\"currency\":\"EUR\","
                + "\"value\":1130},\"eventCode\":\"AUTHORISATION\",\"merchantAccountCode\":\"TestMerchant\","
                + "\"merchantReference\":\"TestPayment-1407325143704\",\"originalReference\":\"\","
                + "\"pspReference\":\"7914073381342284\",\"success\":\"true\"}}]}";
        String a2 = a1.replace("coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=",
                "J7HhsgZo5KwqdB7LFZJV6rfQgp+RqC2kuYyw/3x3w+8=").replace("1130", "0").replace("AUTHORISATION", "REFUND");
        assertThat(verifies(a1, DOC_KEY)).isTrue();
        assertThat(verifies(a2, DOC_KEY)).isTrue();
        assertThat(verifies(a1, DOC_KEY.toLowerCase())).isTrue();
        assertThat(verifies(a1, FIXTURE_KEY)).isFalse();
        assertThat(verifies(a2.replace("\"value\":0", "\"value\":1"), DOC_KEY)).isFalse();
    }

    @Test
    void verifiesTheBatchAdyensLibrarySignedAndReportsNoTimestamp() {
        SignedDelivery signed = adapter.readSignature(delivery(fixture()));
        assertThat(signed.checks()).hasSize(2);
        assertThat(signed.verifiedBy(new SecretVersion("v1", FIXTURE_KEY))).isTrue();
        assertThat(signed.signedAt()).isEmpty();
    }

    @Test
    void refusesTheWholeBatchWhenAnySignedFieldOfAnyItemChanges() {
        String body = fixture();
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
        String reformatted = fixture().replace("\"reason\":\"\"", "\"reason\":\"changed\"").replace(",\"live\"", ", \"live\"");
        assertThat(verifies(reformatted, FIXTURE_KEY)).isTrue();
    }

    @Test
    void refusesABatchWithOneItemSignedByAnotherKey() {
        String mixed = batch(item(DOC_KEY, "psp1", "", "100", "AUTHORISATION", "true"),
                item(FIXTURE_KEY, "psp2", "", "200", "AUTHORISATION", "true"));
        assertThat(verifies(mixed, DOC_KEY)).isFalse();
        assertThat(verifies(mixed, FIXTURE_KEY)).isFalse();
    }

    @Test
    void refusesAnItemWithoutAWellFormedSignatureAsSignatureMissing() {
        String good = item(DOC_KEY, "psp1", "", "100", "AUTHORISATION", "true");
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
        assertThat(adapter.readEvents(delivery(fixture()))).satisfiesExactly(
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
        String item = item(DOC_KEY, "psp1", "", "100", "AUTHORISATION", "false");
        assertThat(adapter.readEvents(delivery(batch(item, item)))).singleElement()
                .satisfies(event -> assertThat(event.providerEventId()).isEqualTo("psp1:AUTHORISATION:false"));
    }

    @Test
    void refusesAnItemWithoutItsReferenceOrEventCodeAsMalformed() {
        for (String body : List.of(batch(item(DOC_KEY, "", "", "100", "AUTHORISATION", "true")),
                batch(item(DOC_KEY, "psp1", "", "100", "", "true")), batch(), "[]")) {
            assertRejected(() -> adapter.readEvents(delivery(body)), Rejection.MALFORMED_ENVELOPE);
        }
    }

    @Test
    void acknowledgesWithAdyensAcceptedBody() {
        assertThat(adapter.acknowledgement()).contains(new ProviderReply("text/plain", "[accepted]"));
        assertThat(adapter.handshake(delivery(fixture()))).isEmpty();
    }

    @Test
    void takesHexKeysOnlyAndNeverEchoesOne() {
        assertThatCode(() -> adapter.validateSecret(DOC_KEY)).doesNotThrowAnyException();
        assertThatCode(() -> adapter.validateSecret(DOC_KEY.toLowerCase())).doesNotThrowAnyException();
        for (String garbage : List.of("", "ABC", "whsec_" + DOC_KEY, DOC_KEY + "G0", DOC_KEY + " ")) {
            assertThatThrownBy(() -> adapter.validateSecret(garbage)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageNotContaining(DOC_KEY);
        }
        assertThat(verifies(fixture(), "not a hex key")).isFalse();
    }

    @Test
    void takesJsonAndSignsNoTimestamp() {
        assertThat(adapter.acceptsContentType("application/json; charset=utf-8")).isTrue();
        assertThat(adapter.acceptsContentType("application/x-www-form-urlencoded")).isFalse();
        assertThat(adapter.defaultTolerance()).isEqualTo(Duration.ZERO);
    }
}
