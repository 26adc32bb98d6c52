package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.AdyenNotificationItem;
import io.tambat.sender.signing.AdyenSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Adyen notifications through the deployed server: a batch stored whole, one row an item, answered
 * {@code [accepted]}; sent again without new rows; refused whole when one item fails; and each item processed into
 * the state of its own payment.
 */
class AdyenDeliveriesIT extends DeployedTambatTest {

    private static final String ENDPOINT = "adyen-main";
    private static final String KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
    private static final String OTHER_KEY = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void storesEveryItemOfABatchOnceAndProcessesEachIntoItsPaymentsState() {
        String authorised = reference();
        String refused = reference();
        byte[] batch = batch(item(KEY, authorised, "AUTHORISATION", "true"), item(KEY, refused, "AUTHORISATION", "false"));

        HttpResponse<String> first = send(batch);
        HttpResponse<String> again = send(batch);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("[accepted]");
        assertThat(first.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/plain"));
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo("[accepted]");
        assertThat(db.inboxRows("adyen", ENDPOINT, authorised + ":AUTHORISATION:true")).isEqualTo(1);
        assertThat(db.inboxRows("adyen", ENDPOINT, refused + ":AUTHORISATION:false")).isEqualTo(1);
        Eventually.within(CONVERGENCE, () -> {
            assertThat(db.inboxStatus("adyen", ENDPOINT, authorised + ":AUTHORISATION:true")).isEqualTo("PROCESSED");
            assertThat(db.inboxStatus("adyen", ENDPOINT, refused + ":AUTHORISATION:false")).isEqualTo("PROCESSED");
        });
        AdminClient admin = new AdminClient(ArquillianServer.baseUri());
        assertThat(admin.objectState("adyen", "payment", authorised).getString("state")).isEqualTo("authorisation");
        assertThat(admin.objectState("adyen", "payment", refused).getString("state"))
                .isEqualTo("authorisation_failed");
    }

    @Test
    void refusesTheWholeBatchWhenOneItemFailsVerification() {
        String good = reference();
        String forged = reference();
        byte[] batch = batch(item(KEY, good, "AUTHORISATION", "true"), item(OTHER_KEY, forged, "AUTHORISATION", "true"));

        HttpResponse<String> refused = send(batch);

        assertProblem(refused, 401, "signature_invalid");
        assertThat(refused.body()).doesNotContain(KEY).doesNotContain(good);
        assertThat(db.inboxRows("adyen", ENDPOINT, good + ":AUTHORISATION:true")).isZero();
        assertThat(db.inboxRows("adyen", ENDPOINT, forged + ":AUTHORISATION:true")).isZero();
    }

    @Test
    void storesOnlyTheNewItemsOfABatchThatRepeatsSome() {
        String payment = reference();
        send(batch(item(KEY, payment, "AUTHORISATION", "true")));

        HttpResponse<String> overlapping = send(batch(item(KEY, payment, "AUTHORISATION", "true"),
                item(KEY, payment, "CAPTURE", "true")));

        assertThat(overlapping.body()).isEqualTo("[accepted]");
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE provider = 'adyen' AND endpoint_id = ? "
                + "AND provider_event_id LIKE ?", ENDPOINT, payment + ":%")).isEqualTo(2);
    }

    private static String reference() {
        return Long.toString(Math.abs(UUID.randomUUID().getMostSignificantBits()) % 10_000_000_000_000_000L);
    }

    private static String item(String key, String psp, String eventCode, String success) {
        String hmac = AdyenSigner.hmacSignature(key, new AdyenNotificationItem(psp, "", "TestMerchant", "order-" + psp,
                1130L, "EUR", eventCode, Boolean.parseBoolean(success), "2026-11-30T10:15:03+01:00"));
        return "{\"NotificationRequestItem\":{\"additionalData\":{\"hmacSignature\":\"" + hmac + "\"},"
                + "\"amount\":{\"currency\":\"EUR\",\"value\":1130},\"eventCode\":\"" + eventCode + "\","
                + "\"eventDate\":\"2026-11-30T10:15:03+01:00\",\"merchantAccountCode\":\"TestMerchant\","
                + "\"merchantReference\":\"order-" + psp + "\",\"paymentMethod\":\"visa\",\"pspReference\":\"" + psp
                + "\",\"reason\":\"\",\"success\":\"" + success + "\"}}";
    }

    private static byte[] batch(String... items) {
        return ("{\"live\":\"false\",\"notificationItems\":[" + String.join(",", items) + "]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> send(byte[] body) {
        return Http.post(uri(), body, "Content-Type", "application/json");
    }

    private static URI uri() {
        return ArquillianServer.baseUri().resolve("webhooks/adyen/" + ENDPOINT);
    }
}
