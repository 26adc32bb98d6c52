package io.tambat.sender.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdyenSignerTest {

    // A1 and A2, from Adyen's docs and its libraries' tests.
    private static final String KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
    private static final AdyenNotificationItem A1 = item(1130L, "AUTHORISATION");

    @Test
    void reproducesTheVectorOfAdyensDocs() {
        assertThat(AdyenSigner.hmacSignature(KEY, A1)).isEqualTo("coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=");
    }

    @Test
    void reproducesTheZeroValueRefundVectorOfAdyensPhpLibrary() {
        assertThat(AdyenSigner.hmacSignature(KEY, item(0L, "REFUND")))
                .isEqualTo("J7HhsgZo5KwqdB7LFZJV6rfQgp+RqC2kuYyw/3x3w+8="); // A2
    }

    @Test
    void signsAMissingFieldAsAnEmptyOne() {
        AdyenNotificationItem withEmptyReference = new AdyenNotificationItem("7914073381342284", "",
                "TestMerchant", "TestPayment-1407325143704", 1130L, "EUR", "AUTHORISATION", true, null);

        assertThat(AdyenSigner.hmacSignature(KEY, withEmptyReference)).isEqualTo(AdyenSigner.hmacSignature(KEY, A1));
    }

    @Test
    void writesEachItemWithItsSignatureInATestNotification() {
        AdyenNotificationItem refund = new AdyenNotificationItem("8614073381342299", "7914073381342284",
                "TestMerchant", "Refund \"1\"", 0L, "EUR", "REFUND", false, "2024-11-05T10:51:00+01:00");

        JsonObject notification = Json.createReader(new ByteArrayInputStream(
                AdyenSigner.signedBody(KEY, List.of(A1, refund)))).readObject();

        assertThat(notification.getString("live")).isEqualTo("false");
        JsonArray items = notification.getJsonArray("notificationItems");
        assertThat(items).hasSize(2);
        JsonObject first = items.getJsonObject(0).getJsonObject("NotificationRequestItem");
        assertThat(first.getJsonObject("additionalData").getString("hmacSignature"))
                .isEqualTo("coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=");
        assertThat(first.getString("pspReference")).isEqualTo("7914073381342284");
        assertThat(first.containsKey("originalReference")).isFalse();
        assertThat(first.getJsonObject("amount").getJsonNumber("value").longValue()).isEqualTo(1130L);
        assertThat(first.getString("success")).isEqualTo("true");
        JsonObject second = items.getJsonObject(1).getJsonObject("NotificationRequestItem");
        assertThat(second.getString("merchantReference")).isEqualTo("Refund \"1\"");
        assertThat(second.getString("originalReference")).isEqualTo("7914073381342284");
        assertThat(second.getString("eventDate")).isEqualTo("2024-11-05T10:51:00+01:00");
        assertThat(second.getJsonObject("additionalData").getString("hmacSignature"))
                .isEqualTo(AdyenSigner.hmacSignature(KEY, refund));
    }

    @Test
    void refusesAKeyThatIsNotHex() {
        assertThatThrownBy(() -> AdyenSigner.hmacSignature("not hex", A1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hex");
    }

    private static AdyenNotificationItem item(long value, String eventCode) {
        return new AdyenNotificationItem("7914073381342284", null, "TestMerchant", "TestPayment-1407325143704",
                value, "EUR", eventCode, true, null);
    }
}
