package io.tambat.sender.delivery;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.sender.signing.AdyenNotificationItem;
import io.tambat.sender.signing.AdyenSigner;
import io.tambat.sender.signing.GitHubSigner;
import io.tambat.sender.signing.PaddleSigner;
import io.tambat.sender.signing.ShopifySigner;
import io.tambat.sender.signing.SlackSigner;
import io.tambat.sender.signing.StandardWebhooksSigner;
import io.tambat.sender.signing.StripeSigner;
import io.tambat.sender.signing.TwilioSigner;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProviderDeliveriesTest {

    private static final Instant SIGNED_AT = Instant.parse("2024-11-05T09:51:00.123456Z");
    private static final long UNIX_SECONDS = SIGNED_AT.getEpochSecond();
    private static final URI TARGET = URI.create("http://localhost:9080/webhooks/provider/endpoint");
    private static final URI PUBLIC_URL = URI.create("https://hooks.example.com/webhooks/twilio/sms");
    private static final Map<String, String> SECRETS = Map.of(
            "stripe", "whsec_test_secret",
            "github", "It's a Secret to Everybody",
            "standard", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "shopify", "shpss_secret",
            "slack", "8f742231b10e8888abcd99yyyzzz85a5",
            "twilio", "12345",
            "paddle", "pdl_ntfset_secret",
            "gitlab", "glpat-token",
            "adyen", "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056");

    static Iterable<String> providers() {
        return Providers.names();
    }

    /** All but Adyen, which signs inside bodies it writes itself. */
    static Iterable<String> providersSigningAnyBody() {
        return Providers.names().stream().filter(provider -> !provider.equals("adyen")).toList();
    }

    @Test
    void deliversForEveryProviderTheReceiverKnows() {
        assertThat(Providers.names()).containsExactly(
                "stripe", "github", "standard", "shopify", "slack", "twilio", "paddle", "gitlab", "adyen");
        assertThat(Providers.named("paypal")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void makesAFreshLogicalIdEachTime(String provider) {
        ProviderDelivery delivery = delivery(provider);

        assertThat(delivery.newLogicalId()).isNotEqualTo(delivery.newLogicalId());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void sendsTheSampleToTheTargetWithItsMediaTypeFirst(String provider) {
        WebhookRequest request = request(provider, "id-1", Optional.empty(), false);

        assertThat(request.url()).isEqualTo(TARGET);
        assertThat(request.headers().keySet()).first().isEqualTo("Content-Type");
        assertThat(request.headers().get("Content-Type"))
                .isEqualTo(provider.equals("twilio") ? Body.FORM : Body.JSON);
    }

    @ParameterizedTest
    @MethodSource("providers")
    void writesTheSameSampleForTheSameAttempt(String provider) {
        assertThat(request(provider, "id-1", Optional.empty(), true).body())
                .isEqualTo(request(provider, "id-1", Optional.empty(), true).body());
    }

    @Test
    void stripeKeepsItsEventIdAndTypeInTheSignedBody() {
        WebhookRequest request = request("stripe", "evt_1", Optional.empty(), false);
        JsonObject body = json(request);

        assertThat(body.getString("id")).isEqualTo("evt_1");
        assertThat(body.getString("type")).isEqualTo("payment_intent.succeeded");
        assertThat(body.getJsonNumber("created").longValue()).isEqualTo(UNIX_SECONDS);
        assertThat(body.getJsonObject("data").getJsonObject("object").getString("object")).isEqualTo("payment_intent");
        assertThat(request.headers()).containsEntry("Stripe-Signature",
                StripeSigner.signatureHeader(SECRETS.get("stripe"), UNIX_SECONDS, request.body()));
        assertThat(json(request("stripe", "evt_1", Optional.of("payment_intent.canceled"), false)).getString("type"))
                .isEqualTo("payment_intent.canceled");
    }

    @Test
    void gitHubSendsThePushOfARepositoryWithItsDeliveryAndEvent() {
        WebhookRequest request = request("github", "delivery-1", Optional.empty(), false);

        assertThat(json(request).getJsonObject("repository").getJsonNumber("id").longValue()).isEqualTo(1296269L);
        assertThat(request.headers()).containsAllEntriesOf(GitHubSigner.headers(SECRETS.get("github"), "delivery-1",
                "push", request.body()));
        assertThat(request("github", "delivery-1", Optional.of("ping"), false).headers())
                .containsEntry("X-GitHub-Event", "ping");
    }

    @Test
    void standardPutsTheObjectWhereTheReceiversDefaultPointersLook() {
        WebhookRequest request = request("standard", "msg_1", Optional.empty(), false);
        JsonObject body = json(request);

        assertThat(body.getString("type")).isEqualTo("payment.updated");
        JsonObject data = body.getJsonObject("data");
        assertThat(data.getString("object")).isEqualTo("payment");
        assertThat(data.getString("id")).isNotBlank();
        assertThat(data.getString("status")).isEqualTo("succeeded");
        assertThat(data.getJsonNumber("version").longValue()).isEqualTo(SIGNED_AT.toEpochMilli());
        assertThat(request.headers()).containsAllEntriesOf(StandardWebhooksSigner.headers(SECRETS.get("standard"),
                "msg_1", UNIX_SECONDS, request.body()));
    }

    @Test
    void shopifySendsAnOrderWithTheFieldsItIsOrderedByAndKeepsBothIdsOnARetry() {
        WebhookRequest request = request("shopify", "event-1", Optional.empty(), false);
        JsonObject order = json(request);

        assertThat(order.getJsonNumber("id").longValue()).isPositive();
        assertThat(order.getString("financial_status")).isEqualTo("paid");
        assertThat(OffsetDateTime.parse(order.getString("updated_at")).toInstant())
                .isEqualTo(SIGNED_AT.truncatedTo(ChronoUnit.SECONDS));
        String webhookId = request.headers().get("X-Shopify-Webhook-Id");
        assertThat(request.headers()).containsAllEntriesOf(ShopifySigner.headers(SECRETS.get("shopify"),
                "orders/paid", "event-1", webhookId, request.body()));
        assertThat(request("shopify", "event-1", Optional.empty(), true).headers())
                .containsEntry("X-Shopify-Webhook-Id", webhookId);
        assertThat(request("shopify", "event-2", Optional.empty(), false).headers().get("X-Shopify-Webhook-Id"))
                .isNotEqualTo(webhookId);
    }

    @Test
    void slackWrapsTheEventInACallbackAndSendsARedeliveryAsItsFirstRetry() {
        WebhookRequest request = request("slack", "Ev1", Optional.of("message"), false);
        JsonObject body = json(request);

        assertThat(body.getString("type")).isEqualTo("event_callback");
        assertThat(body.getString("event_id")).isEqualTo("Ev1");
        assertThat(body.getJsonObject("event").getString("type")).isEqualTo("message");
        assertThat(body.getJsonObject("event").getString("ts")).isEqualTo(UNIX_SECONDS + ".123456");
        assertThat(request.headers()).containsAllEntriesOf(SlackSigner.headers(SECRETS.get("slack"), UNIX_SECONDS,
                request.body(), 0)).doesNotContainKey("X-Slack-Retry-Num");
        WebhookRequest retry = request("slack", "Ev1", Optional.empty(), true);
        assertThat(retry.headers())
                .containsEntry("X-Slack-Retry-Num", "1")
                .containsEntry("X-Slack-Retry-Reason", "http_timeout");
    }

    @Test
    void twilioSignsTheStatusCallbackFormOverThePublicUrl() {
        WebhookRequest request = request("twilio", "token-1", Optional.of("failed"), false);
        Map<String, List<String>> form = TwilioSigner.formParameters(request.body());

        assertThat(form.get("MessageStatus")).containsExactly("failed");
        assertThat(form.get("MessageSid")).singleElement().asString().startsWith("SM");
        assertThat(request.url()).isEqualTo(TARGET);
        assertThat(request.headers()).containsAllEntriesOf(TwilioSigner.headers(SECRETS.get("twilio"),
                PUBLIC_URL.toString(), form, "token-1"));
    }

    @Test
    void twilioSendsAGivenJsonBodyWithItsHashInTheTargetAndTheSignedUrl() {
        byte[] json = "{\"property\": \"value\", \"boolean\": true}".getBytes(UTF_8);

        WebhookRequest request = delivery("twilio").request(attempt("twilio", "token-1", Optional.empty(), false,
                Optional.of(Body.given(json))));

        assertThat(request.url()).isEqualTo(URI.create(TwilioSigner.withBodyHash(TARGET.toString(), json)));
        assertThat(request.headers()).containsEntry("Content-Type", Body.JSON).containsAllEntriesOf(
                TwilioSigner.headers(SECRETS.get("twilio"), TwilioSigner.withBodyHash(PUBLIC_URL.toString(), json),
                        Map.of(), "token-1"));
    }

    @Test
    void paddleSendsATransactionWithTheFieldsItIsOrderedByAndOneNotificationIdPerEvent() {
        WebhookRequest request = request("paddle", "evt_1", Optional.empty(), false);
        JsonObject body = json(request);

        assertThat(body.getString("event_id")).isEqualTo("evt_1");
        assertThat(body.getString("event_type")).isEqualTo("transaction.completed");
        JsonObject data = body.getJsonObject("data");
        assertThat(data.getString("id")).startsWith("txn_");
        assertThat(data.getString("status")).isEqualTo("completed");
        assertThat(OffsetDateTime.parse(data.getString("updated_at")).toInstant()).isEqualTo(SIGNED_AT);
        assertThat(request.headers()).containsAllEntriesOf(PaddleSigner.headers(SECRETS.get("paddle"), UNIX_SECONDS,
                request.body()));
        assertThat(json(request("paddle", "evt_1", Optional.empty(), true)).getString("notification_id"))
                .isEqualTo(body.getString("notification_id"));
    }

    @Test
    void gitLabSendsAPushOfTheProjectItIsRecordedAgainst() {
        WebhookRequest request = request("gitlab", "key-1", Optional.empty(), false);

        assertThat(json(request).getJsonObject("project").getJsonNumber("id").longValue()).isEqualTo(15L);
        assertThat(request.headers())
                .containsEntry("X-Gitlab-Event", "Push Hook")
                .containsEntry("Idempotency-Key", "key-1")
                .containsEntry("X-Gitlab-Token", SECRETS.get("gitlab"));
    }

    @Test
    void adyenSignsItsOneItemInsideTheBody() {
        WebhookRequest request = request("adyen", "7914073381342284", Optional.empty(), false);
        JsonObject item = json(request).getJsonArray("notificationItems").getJsonObject(0)
                .getJsonObject("NotificationRequestItem");

        assertThat(item.getString("pspReference")).isEqualTo("7914073381342284");
        assertThat(item.getString("eventCode")).isEqualTo("AUTHORISATION");
        AdyenNotificationItem signed = new AdyenNotificationItem(item.getString("pspReference"), null,
                item.getString("merchantAccountCode"), item.getString("merchantReference"),
                item.getJsonObject("amount").getJsonNumber("value").longValue(),
                item.getJsonObject("amount").getString("currency"), item.getString("eventCode"),
                Boolean.parseBoolean(item.getString("success")), null);
        assertThat(item.getJsonObject("additionalData").getString("hmacSignature"))
                .isEqualTo(AdyenSigner.hmacSignature(SECRETS.get("adyen"), signed));
        assertThat(request.headers()).containsOnlyKeys("Content-Type");
    }

    @Test
    void adyenRefusesAGivenBodyItCannotSign() {
        Attempt given = attempt("adyen", "1", Optional.empty(), false, Optional.of(Body.given("{}".getBytes(UTF_8))));

        assertThatThrownBy(() -> delivery("adyen").request(given))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("signs inside its body");
    }

    @ParameterizedTest
    @MethodSource("providersSigningAnyBody")
    void sendsAGivenBodyByteForByte(String provider) {
        byte[] given = "  {\"custom\": \"caf\u00e9\"}\n".getBytes(UTF_8);

        WebhookRequest request = delivery(provider).request(attempt(provider, "id-1", Optional.empty(), false,
                Optional.of(Body.given(given))));

        assertThat(request.body()).isEqualTo(given);
        assertThat(request.headers()).containsEntry("Content-Type", Body.JSON);
    }

    @Test
    void takesAGivenBodyThatDoesNotOpenJsonForAForm() {
        assertThat(Body.given("  [1]".getBytes(UTF_8)).contentType()).isEqualTo(Body.JSON);
        assertThat(Body.given("payload=%7B%7D".getBytes(UTF_8)).contentType()).isEqualTo(Body.FORM);
        assertThat(Body.given(new byte[0]).contentType()).isEqualTo(Body.FORM);
    }

    private static WebhookRequest request(String provider, String logicalId, Optional<String> eventType,
            boolean redelivery) {
        return delivery(provider).request(attempt(provider, logicalId, eventType, redelivery, Optional.empty()));
    }

    private static Attempt attempt(String provider, String logicalId, Optional<String> eventType, boolean redelivery,
            Optional<Body> givenBody) {
        return new Attempt(SECRETS.get(provider), logicalId, eventType, SIGNED_AT, redelivery, TARGET,
                provider.equals("twilio") ? PUBLIC_URL : TARGET, givenBody);
    }

    private static ProviderDelivery delivery(String provider) {
        return Providers.named(provider).orElseThrow();
    }

    private static JsonObject json(WebhookRequest request) {
        return Json.createReader(new ByteArrayInputStream(request.body())).readObject();
    }
}
