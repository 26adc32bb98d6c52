package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import io.tambat.sender.signing.AdyenNotificationItem;
import io.tambat.sender.signing.AdyenSigner;
import io.tambat.sender.signing.GitHubSigner;
import io.tambat.sender.signing.PaddleSigner;
import io.tambat.sender.signing.ShopifySigner;
import io.tambat.sender.signing.SlackSigner;
import io.tambat.sender.signing.StripeSigner;
import io.tambat.sender.signing.TwilioSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every built-in provider through the runnable jar, as an operator runs it: one endpoint of each, configured by
 * environment variables only, one signed delivery each, stored and processed, and the state derived where the
 * provider's events carry one.
 */
class ProvidersOnTheRunnableServerIT {

    private static final String SCHEMA = "tambat_providers";
    private static final Duration READY = Duration.ofSeconds(90);
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);
    private static final String STRIPE_SECRET = "whsec_runnable_stripe_secret";
    private static final String GITHUB_SECRET = "runnable-github-secret";
    private static final String SHOPIFY_SECRET = "runnable-shopify-secret";
    private static final String PADDLE_SECRET = "pdl_ntfset_runnable_paddle_secret";
    private static final String GITLAB_TOKEN = "runnable-gitlab-token";
    private static final String SLACK_SECRET = "runnable-slack-signing-secret";
    private static final String TWILIO_TOKEN = "runnable0twilio0auth0token000000";
    private static final String TWILIO_PUBLIC_URL = "https://hooks.example.com/webhooks/twilio/twilio-rs";
    private static final String ADYEN_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

    @Test
    void everyBuiltInProviderIsReceivedAndProcessedByTheRunnableServer() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TAMBAT_WEBHOOKS_ENDPOINTS",
                "stripe-rs,github-rs,standard-rs,shopify-rs,paddle-rs,gitlab-rs,slack-rs,twilio-rs,adyen-rs");
        endpoint(environment, "STRIPE_RS", "stripe", STRIPE_SECRET);
        endpoint(environment, "GITHUB_RS", "github", GITHUB_SECRET);
        endpoint(environment, "STANDARD_RS", "standard", StandardDeliveries.SECRET);
        endpoint(environment, "SHOPIFY_RS", "shopify", SHOPIFY_SECRET);
        endpoint(environment, "PADDLE_RS", "paddle", PADDLE_SECRET);
        endpoint(environment, "GITLAB_RS", "gitlab", GITLAB_TOKEN);
        endpoint(environment, "SLACK_RS", "slack", SLACK_SECRET);
        endpoint(environment, "TWILIO_RS", "twilio", TWILIO_TOKEN);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_TWILIO_RS_PUBLIC_URL", TWILIO_PUBLIC_URL);
        endpoint(environment, "ADYEN_RS", "adyen", ADYEN_KEY);
        try (TambatServerProcess server = TambatServerProcess.configured("providers", TestDatabase.port(), SCHEMA,
                environment).start().awaitReady(READY)) {
            URI base = server.baseUri();
            long now = Instant.now().getEpochSecond();
            String order = String.valueOf(Math.abs(UUID.randomUUID().getLeastSignificantBits()));
            Map<String, String> sent = new LinkedHashMap<>();

            String stripeId = "evt_" + UUID.randomUUID().toString().replace("-", "");
            byte[] stripe = utf8("{\"id\":\"" + stripeId + "\",\"object\":\"event\",\"type\":\"customer.created\","
                    + "\"created\":" + now + ",\"data\":{\"object\":{\"id\":\"cus_1\",\"object\":\"customer\"}}}");
            sent.put("stripe", accepted(Http.post(base.resolve("webhooks/stripe/stripe-rs"), stripe,
                    "Content-Type", "application/json", "Stripe-Signature",
                    StripeSigner.signatureHeader(STRIPE_SECRET, now, stripe)), stripeId));

            String delivery = UUID.randomUUID().toString();
            byte[] github = utf8("{\"action\":\"opened\",\"repository\":{\"id\":1296269}}");
            sent.put("github", accepted(Http.post(base.resolve("webhooks/github/github-rs"), github,
                    "Content-Type", "application/json", "X-GitHub-Event", "issues", "X-GitHub-Delivery", delivery,
                    "X-Hub-Signature-256", GitHubSigner.signatureHeader(GITHUB_SECRET, github)), delivery));

            String messageId = StandardDeliveries.newMessageId();
            byte[] standard = utf8("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_"
                    + order + "\",\"version\":3,\"status\":\"succeeded\"}}");
            sent.put("standard", accepted(StandardDeliveries.send(base.resolve("webhooks/standard/standard-rs"),
                    StandardDeliveries.SECRET, messageId, standard), messageId));

            String shopifyId = UUID.randomUUID().toString();
            byte[] shopify = utf8("{\"id\":" + order + ",\"financial_status\":\"paid\","
                    + "\"updated_at\":\"2024-11-05T10:51:00+01:00\"}");
            sent.put("shopify", accepted(Http.post(base.resolve("webhooks/shopify/shopify-rs"), shopify,
                    "Content-Type", "application/json", "X-Shopify-Topic", "orders/paid",
                    "X-Shopify-Event-Id", shopifyId, "X-Shopify-Hmac-Sha256",
                    ShopifySigner.signature(SHOPIFY_SECRET, shopify)), shopifyId));

            String paddleId = "evt_" + UUID.randomUUID();
            byte[] paddle = utf8("{\"event_id\":\"" + paddleId + "\",\"event_type\":\"transaction.completed\","
                    + "\"data\":{\"id\":\"txn_" + order + "\",\"status\":\"completed\","
                    + "\"updated_at\":\"2024-04-12T10:18:49.738972Z\"}}");
            sent.put("paddle", accepted(Http.post(base.resolve("webhooks/paddle/paddle-rs"), paddle,
                    "Content-Type", "application/json", "Paddle-Signature",
                    PaddleSigner.signatureHeader(PADDLE_SECRET, now, paddle)), paddleId));

            String key = UUID.randomUUID().toString();
            byte[] gitlab = utf8("{\"object_kind\":\"push\",\"project\":{\"id\":" + order + "}}");
            assertThat(Http.post(base.resolve("webhooks/gitlab/gitlab-rs"), gitlab, "Content-Type",
                    "application/json", "X-Gitlab-Event", "Push Hook", "Idempotency-Key", key, "X-Gitlab-Token",
                    "not-the-token").statusCode()).isEqualTo(401);
            sent.put("gitlab", accepted(Http.post(base.resolve("webhooks/gitlab/gitlab-rs"), gitlab,
                    "Content-Type", "application/json", "X-Gitlab-Event", "Push Hook", "Idempotency-Key", key,
                    "X-Gitlab-Token", GITLAB_TOKEN), key));

            String slackId = "Ev" + order;
            byte[] slack = utf8("{\"team_id\":\"T" + order + "\",\"type\":\"event_callback\",\"event_id\":\""
                    + slackId + "\",\"event\":{\"type\":\"app_mention\"},\"event_time\":" + now + "}");
            sent.put("slack", accepted(Http.post(base.resolve("webhooks/slack/slack-rs"), slack,
                    "Content-Type", "application/json", "X-Slack-Request-Timestamp", Long.toString(now),
                    "X-Slack-Signature", SlackSigner.signature(SLACK_SECRET, now, slack)), slackId));

            Map<String, List<String>> twilio = Map.of("AccountSid", List.of("AC" + order),
                    "MessageSid", List.of("SM" + order), "MessageStatus", List.of("delivered"));
            sent.put("twilio", accepted(Http.post(base.resolve("webhooks/twilio/twilio-rs"),
                    utf8("AccountSid=AC" + order + "&MessageSid=SM" + order + "&MessageStatus=delivered"),
                    "Content-Type", "application/x-www-form-urlencoded", "X-Twilio-Signature",
                    TwilioSigner.signature(TWILIO_TOKEN, TWILIO_PUBLIC_URL, twilio)), "SM" + order + ":delivered"));

            String adyenSignature = AdyenSigner.hmacSignature(ADYEN_KEY, new AdyenNotificationItem(order, "",
                    "TestMerchant", "ref-" + order, 1130L, "EUR", "AUTHORISATION", true, null));
            byte[] adyen = utf8("{\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":{"
                    + "\"additionalData\":{\"hmacSignature\":\"" + adyenSignature + "\"},\"amount\":{\"currency\":"
                    + "\"EUR\",\"value\":1130},\"eventCode\":\"AUTHORISATION\",\"merchantAccountCode\":"
                    + "\"TestMerchant\",\"merchantReference\":\"ref-" + order + "\",\"pspReference\":\"" + order
                    + "\",\"success\":\"true\"}}]}");
            HttpResponse<String> adyenAnswer = Http.post(base.resolve("webhooks/adyen/adyen-rs"), adyen,
                    "Content-Type", "application/json");
            assertThat(adyenAnswer.body()).isEqualTo("[accepted]");
            sent.put("adyen", order + ":AUTHORISATION:true");

            sent.forEach((provider, eventId) -> Eventually.within(CONVERGENCE, () -> assertThat(
                    db.inboxStatus(provider, provider + "-rs", eventId)).as(provider).isEqualTo("PROCESSED")));
            AdminClient admin = new AdminClient(base);
            assertThat(admin.objectState("standard", "payment", "pay_" + order).getString("state"))
                    .isEqualTo("succeeded");
            assertThat(admin.objectState("shopify", "payment", order).getString("state")).isEqualTo("paid");
            assertThat(admin.objectState("paddle", "payment", "txn_" + order).getString("state"))
                    .isEqualTo("completed");
            assertThat(admin.objectState("github", "repository", "1296269").getString("state")).isEqualTo("issues");
            assertThat(admin.objectState("gitlab", "project", order).getString("state")).isEqualTo("Push Hook");
            assertThat(admin.objectState("slack", "account", "T" + order).getString("state"))
                    .isEqualTo("app_mention");
            assertThat(admin.objectState("twilio", "account", "AC" + order).getString("state"))
                    .isEqualTo("message.delivered");
            assertThat(admin.objectState("adyen", "payment", order).getString("state")).isEqualTo("authorisation");
        }
    }

    private static void endpoint(Map<String, String> environment, String id, String provider, String secret) {
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_" + id + "_PROVIDER", provider);
        environment.put("TAMBAT_WEBHOOKS_ENDPOINT_" + id + "_SECRETS", "v1:" + secret);
    }

    /** The event id of a delivery answered as newly accepted. */
    private static String accepted(HttpResponse<String> response, String eventId) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(Http.json(response).getString("status")).isEqualTo("accepted");
        return eventId;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
