package io.tambat.it.console;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TestDatabase;
import io.tambat.sender.signing.StripeSigner;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * The operator console on the runnable jar, in headless chromium: an operator signs in, finds a delivery the
 * test sent, opens it and reads its history; redrives FAILED events from the page, a group after confirming its
 * count, and follows one until it is PROCESSED; a customer's token and a forged one are refused, at sign-in and
 * during a session. No page ever holds a payload or a signing secret, and none keeps the token after signing out.
 * The page itself is public and sent with headers that keep scripts to its own origin. One server serves the class;
 * each browser test opens its own browser and saves a screenshot under target/console-screenshots.
 */
class ConsoleIT {

    private static final String SCHEMA = "tambat_console";
    private static final String STRIPE_SECRET = "whsec_it_console_stripe";
    private static final String API_KEY = "sk_test_it_console_key";
    private static final Duration SETTLED = Duration.ofSeconds(60);
    private static final String NOT_OPERATOR = "This token is neither an operator's nor a viewer's (its groups claim"
            + " holds neither operator nor viewer)";

    /** The server, and Stripe's API as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("console", SCHEMA, Duration.ofSeconds(90),
            stripeApiUrl -> StripeMainEndpoint.settings(STRIPE_SECRET, stripeApiUrl, API_KEY, Map.of(
                    "TAMBAT_WEBHOOKS_ENDPOINTS", "std,stripe-main",
                    "TAMBAT_WEBHOOKS_ENDPOINT_STD_PROVIDER", "standard",
                    "TAMBAT_WEBHOOKS_ENDPOINT_STD_SECRETS", "v1:" + StandardDeliveries.SECRET,
                    "TAMBAT_PROCESSING_MAX_ATTEMPTS", "2",
                    // A batch resolves its events one after another: two redriven events whose slow fetch
                    // (1.5 s each, below) share a batch must both fit in one lease, or the second is taken
                    // over and ends worker_lost on its last attempt.
                    "TAMBAT_PROCESSING_LEASE", "PT10S",
                    "TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S",
                    "TAMBAT_PROCESSING_MAX_BACKOFF", "PT1S")));

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final AdminClient admin = server.admin();
    @RegisterExtension
    final ConsoleBrowsers browsers = new ConsoleBrowsers();

    @Test
    void anOperatorFindsADeliveryOpensItReadsItsHistoryAndItsObjectAndSeesThePayloadOnlyWhenAsking() {
        String marker = "payload-marker-" + UUID.randomUUID();
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = ProcessingServers.paymentEvent("pay_console_1", 3, "succeeded", marker);
        assertThat(StandardDeliveries.send(server.baseUri().resolve("webhooks/standard/std"), StandardDeliveries.SECRET,
                messageId, body).statusCode()).isEqualTo(200);
        Eventually.within(SETTLED, () -> assertThat(StandardDeliveries.status(db, messageId)).isEqualTo("PROCESSED"));
        String token = OperatorTokens.operator();

        ConsoleBrowser console = browser().signIn(token);

        console.headingIs("Overview");
        assertThat(console.text(By.id("who"))).isEqualTo("Signed in as it-operator");
        assertThat(Integer.parseInt(console.text(By.xpath(
                "//table[caption='Inbox events by status']//tr[td//span[.='PROCESSED']]/td[2]")))).isPositive();
        console.screenshot("overview");
        console.follow("Inbox", "Inbox");
        console.type(By.id("filter-event_id"), messageId);
        console.click(By.xpath("//form[@aria-label='Filter the inbox']//button[.='Search']"));
        console.waitForText(By.cssSelector("#view caption"),
                "1 event, newest first; filtered by event id " + messageId);
        assertThat(console.currentUrl()).contains("event_id=" + messageId);
        console.screenshot("inbox");
        console.follow(messageId, "Event " + messageId);

        assertThat(console.text(By.cssSelector(".state .badge"))).isEqualTo("PROCESSED");
        assertThat(console.field("Endpoint")).isEqualTo("std");
        assertThat(console.field("Event type")).isEqualTo("payment.updated");
        assertThat(console.field("Business object")).startsWith("payment pay_console_1 set to succeeded (version 3) at ");
        assertThat(console.field("Verified with secret version")).isEqualTo("v1");
        assertThat(console.field("Last error")).isEqualTo("none");
        assertThat(console.field("Payload")).isEqualTo("stored encrypted; not shown unless you ask. "
                + "Reveal the payload (audited)");
        assertThat(console.texts(By.xpath("//table[caption='Status history, oldest first']/tbody/tr/td[1]")))
                .containsExactly("RECEIVED", "PROCESSING", "PROCESSED");
        assertThat(console.texts(By.xpath("//table[caption='Status history, oldest first']/tbody/tr/td[2]")))
                .allSatisfy(at -> assertThat(at).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC"));
        console.screenshot("event");
        assertThat(console.document()).contains(messageId).doesNotContain(marker)
                .doesNotContain(StandardDeliveries.SECRET).doesNotContain(token);
        assertThat(console.currentUrl()).doesNotContain(token);
        assertThat(console.storage()).contains(token);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.payload_reveal'"))
                .as("looking is not revealing").isZero();

        console.click(By.id("business-object"));
        console.headingIs("payment pay_console_1");
        assertThat(console.field("State")).isEqualTo("succeeded");
        assertThat(console.field("Version")).isEqualTo("3");
        assertThat(console.field("Endpoint")).isEqualTo("std");
        console.screenshot("object");
        console.follow("← The event that last changed it", "Event " + messageId);

        console.click(By.id("reveal-payload"));
        console.waitForText(By.cssSelector("pre.payload"), marker);
        assertThat(console.text(By.cssSelector("pre.payload"))).isEqualTo(new String(body, StandardCharsets.UTF_8));
        String inboxId = (String) db.rows("SELECT CAST(inbox_id AS text) AS id FROM webhook_inbox "
                + "WHERE provider_event_id = ?", messageId).get(0).get("id");
        assertThat(db.rows("SELECT actor, target FROM operator_action WHERE action = 'inbox.payload_reveal'"))
                .containsExactly(Map.of("actor", "it-operator", "target", inboxId));
        console.screenshot("payload-revealed");
        console.click(By.xpath("//button[.='Hide the payload']"));
        console.waitUntilGone(By.cssSelector("pre.payload"));
        assertThat(console.document()).doesNotContain(marker);
        console.click(By.id("reveal-payload"));
        console.waitForText(By.cssSelector("pre.payload"), marker);
        console.follow("← Inbox", "Inbox");
        assertThat(console.document()).as("leaving the event drops its payload").doesNotContain(marker);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.payload_reveal'"))
                .as("each reveal is audited").isEqualTo(2);

        console.click(By.id("sign-out"));

        console.visible(By.id("token"));
        assertThat(console.storage()).isEqualTo("{\"session\":{},\"local\":{}}");
        assertThat(console.document()).doesNotContain(messageId);
        assertThat(console.currentUrl()).isEqualTo(server.baseUri().resolve("console/").toString());
    }

    @Test
    void aViewerReadsTheViewsAndIsOfferedNoneOfTheActionsAnOperatorIs() {
        String messageId = StandardDeliveries.newMessageId();
        assertThat(StandardDeliveries.send(server.baseUri().resolve("webhooks/standard/std"), StandardDeliveries.SECRET,
                messageId, pingBody()).statusCode()).isEqualTo(200);
        Eventually.within(SETTLED, () -> assertThat(StandardDeliveries.status(db, messageId)).isEqualTo("PROCESSED"));
        String inboxId = (String) db.rows("SELECT CAST(inbox_id AS text) AS id FROM webhook_inbox "
                + "WHERE provider_event_id = ?", messageId).get(0).get("id");
        By reveal = By.id("reveal-payload");
        By addSecret = By.xpath("//form[@aria-label='Add a secret version to std']");
        By retire = By.cssSelector("button[aria-label='Retire version v1 of std']");

        ConsoleBrowser console = browser().signIn(OperatorTokens.withGroups("viewer"));

        console.headingIs("Overview");
        assertThat(console.text(By.id("who"))).isEqualTo("Signed in as it-operator (read only)");
        console.load("#/event/" + inboxId).headingIs("Event " + messageId);
        assertThat(console.field("Payload")).isEqualTo("stored encrypted; not shown unless you ask.");
        assertThat(console.displayed(reveal)).isZero();
        console.follow("Secrets", "Secrets");
        assertThat(console.texts(By.xpath("//table[caption='Secret versions of std, oldest first']/tbody/tr/td[1]")))
                .contains("v1");
        assertThat(console.displayed(addSecret)).isZero();
        assertThat(console.displayed(retire)).isZero();
        assertThat(console.text(By.id("view")).lines()).doesNotContain("null");
        console.screenshot("viewer-secrets");
        for (String view : List.of("Failures", "Orders", "Destinations")) {
            console.follow(view, view);
            assertThat(console.displayed(By.cssSelector(".operator-only"))).as(view).isZero();
        }

        console.click(By.id("sign-out"));
        console.signIn(OperatorTokens.operator());
        assertThat(console.text(By.id("who"))).isEqualTo("Signed in as it-operator");
        console.load("#/event/" + inboxId).headingIs("Event " + messageId);
        assertThat(console.displayed(reveal)).isOne();
        console.follow("Secrets", "Secrets");
        assertThat(console.displayed(addSecret)).isOne();
        assertThat(console.displayed(retire)).isOne();
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.payload_reveal' AND target = ?",
                inboxId)).isZero();
    }

    @Test
    void anOperatorRedrivesFailedEventsFromThePageAndFollowsOneUntilItIsProcessed() {
        server.wireMock().stubFor(get(urlPathMatching("/v1/payment_intents/pi_console_5.*"))
                .willReturn(aResponse().withStatus(500)));
        server.wireMock().stubFor(get(urlPathMatching("/v1/payment_intents/pi_console_4.*"))
                .willReturn(aResponse().withStatus(403)));
        String marker = "payload-marker-" + UUID.randomUUID();
        String a = accepted(deliverStripe("evt_console_a", "pi_console_5a", marker));
        String b = accepted(deliverStripe("evt_console_b", "pi_console_5b", marker));
        String c = accepted(deliverStripe("evt_console_c", "pi_console_4c", marker));
        String d = accepted(deliverStripe("evt_console_d", "pi_console_4d", marker));
        for (String inboxId : List.of(a, b, c, d)) {
            Eventually.within(SETTLED, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("FAILED"));
        }
        // Mended, but slow enough that the page shows the redriven event at work before it is PROCESSED.
        server.wireMock().stubFor(get(urlPathMatching("/v1/payment_intents/pi_console_.*"))
                .willReturn(okJson("{\"object\":\"payment_intent\",\"status\":\"succeeded\"}").withFixedDelay(1500)));
        String transientReason = "transient: Stripe payment fetch answered HTTP 500 (after 2 attempts)";
        String refusedReason = "uninterpretable: Stripe payment fetch answered HTTP 403";

        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());
        console.follow("Failures", "Failures");

        assertThat(console.texts(By.cssSelector(".group h2 .reason"))).containsExactlyInAnyOrder(transientReason,
                refusedReason);
        assertThat(groupCount(console, transientReason)).isEqualTo("2 events FAILED with this reason");
        assertThat(groupCount(console, refusedReason)).isEqualTo("2 events FAILED with this reason");
        console.screenshot("failures");
        By redriveGroup = By.cssSelector("button[aria-label='Redrive all 2 events whose reason is " + transientReason
                + "']");
        console.click(redriveGroup);
        // The dialog opens on Cancel, and Escape closes it with nothing redriven.
        console.visible(By.id("confirm-group"));
        assertThat(console.focused()).isEqualTo("confirm-group-cancel");
        console.press(Keys.ESCAPE);
        console.waitUntilGone(By.id("confirm-group"));
        assertThat(db.inboxStatus(a)).isEqualTo("FAILED");
        console.click(redriveGroup);
        assertThat(console.text(By.id("confirm-group-title"))).isEqualTo("Redrive 2 events?");
        assertThat(console.text(By.id("confirm-group-text"))).startsWith("2 FAILED events whose reason is “"
                + transientReason + "” go back to work now");
        console.screenshot("failures-confirm");
        console.click(By.id("confirm-group-run"));

        console.waitForText(By.cssSelector(".outcome p"), "Redrove 2 of 2 events whose reason is “" + transientReason
                + "”.");
        console.waitUntilGone(By.xpath("//code[@class='reason' and .='" + transientReason + "']"));
        console.click(By.cssSelector("button[aria-label='Redrive event evt_console_c']"));
        console.waitForText(By.xpath("//tr[td/a[.='evt_console_c']]/td[7]"), "Redriven");

        console.load("#/event/" + d).headingIs("Event evt_console_d");
        assertThat(console.text(By.cssSelector(".state .badge"))).isEqualTo("FAILED");
        assertThat(console.field("Last error")).isEqualTo(refusedReason);
        console.click(By.xpath("//button[.='Redrive this event']"));
        console.waitForText(By.cssSelector(".state"), "following until it settles");
        console.waitForText(By.cssSelector(".state .badge"), "PROCESSED");
        assertThat(console.texts(By.xpath("//table[caption='Status history, oldest first']/tbody/tr/td[1]")))
                .containsSubsequence("FAILED", "RECEIVED", "PROCESSING", "PROCESSED");
        assertThat(console.field("Attempts")).isEqualTo("2");
        console.scrollToBottomOf(By.xpath("//table[caption='Status history, oldest first']"));
        console.screenshot("event-processed");
        assertThat(console.document()).doesNotContain(marker).doesNotContain(STRIPE_SECRET).doesNotContain(API_KEY);

        for (String inboxId : List.of(a, b, c, d)) {
            Eventually.within(SETTLED, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
        }
        // The page redrives event by event: four audited redrives of one event each, no selection.
        List<JsonObject> redrives = Http.json(admin.get("admin/audit?action=inbox.redrive&limit=10"))
                .getJsonArray("items").getValuesAs(JsonObject.class);
        assertThat(redrives.stream().map(entry -> entry.getString("target")).toList())
                .containsExactlyInAnyOrder(a, b, c, d);
        assertThat(Http.json(admin.get("admin/audit?action=inbox.bulk_redrive")).getJsonArray("items")).isEmpty();
    }

    @Test
    void anOperatorAddsASecretVersionThatVerifiesAtOnceAndRetiresItAfterReadingWhatItMeans() {
        byte[] key = new byte[24];
        new java.security.SecureRandom().nextBytes(key);
        String secret = "whsec_" + java.util.Base64.getEncoder().encodeToString(key);
        URI std = server.baseUri().resolve("webhooks/standard/std");
        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());

        console.follow("Secrets", "Secrets");
        assertThat(console.texts(By.xpath("//table[caption='Secret versions of std, oldest first']/tbody/tr/td[1]")))
                .containsExactly("v1");
        console.type(By.id("new-version-std"), "v2");
        console.type(By.id("new-secret-std"), secret);
        console.click(By.xpath("//form[@aria-label='Add a secret version to std']//button[.='Trust this version']"));

        console.waitForText(By.cssSelector(".outcome p"),
                "Version v2 of std is trusted now; deliveries signed with it are accepted.");
        assertThat(console.script("return document.getElementById('new-secret-std').value")).isEqualTo("");
        assertThat(console.texts(By.xpath("//table[caption='Secret versions of std, oldest first']/tbody/tr/td[1]")))
                .containsExactly("v1", "v2");
        assertThat(console.document()).doesNotContain(secret).doesNotContain(StandardDeliveries.SECRET);
        assertThat(StandardDeliveries.send(std, secret, StandardDeliveries.newMessageId(), pingBody()).statusCode())
                .as("the new version verifies at once").isEqualTo(200);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'secret.add' AND target = 'std/v2'"))
                .isEqualTo(1);

        console.load("#/secrets/std").headingIs("Secrets of std");
        assertThat(console.text(By.xpath("//tr[td[1]='v2']/td[5]"))).matches("\\d{4}-.* UTC");
        console.click(By.cssSelector("button[aria-label='Retire version v2 of std']"));
        console.visible(By.id("confirm-retire"));
        assertThat(console.focused()).isEqualTo("retire-cancel");
        assertThat(console.text(By.id("retire-title"))).isEqualTo("Retire version v2 of std?");
        assertThat(console.text(By.id("retire-text"))).contains("signed only with v2 is refused with 401 "
                + "signature_invalid and is not stored", "keeps retrying it", "It last verified a delivery");
        assertThat(console.script("return document.getElementById('retire-last').textContent")).isEqualTo("");
        console.screenshot("secrets-retire");
        console.click(By.id("retire-run"));

        console.waitForText(By.cssSelector(".outcome p"),
                "Version v2 of std is retired; deliveries signed only with it are refused.");
        assertThat(console.text(By.xpath("//tr[td[1]='v2']/td[2]"))).isEqualTo("retired");
        assertThat(console.texts(By.cssSelector("button[aria-label^='Retire version']"))).hasSize(1);
        console.screenshot("secrets");
        assertThat(StandardDeliveries.send(std, secret, StandardDeliveries.newMessageId(), pingBody()).statusCode())
                .as("the retired version is refused at once").isEqualTo(401);
        assertThat(db.count("SELECT count(*) FROM webhook_secret WHERE endpoint_id = 'std' AND version = 'v2' "
                + "AND retired_at IS NOT NULL")).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'secret.retire' "
                + "AND target = 'std/v2' AND item_count = 1")).isEqualTo(1);
        console.click(By.cssSelector("button[aria-label='Retire version v1 of std']"));
        assertThat(console.text(By.id("retire-last"))).isEqualTo("v1 is the only trusted version of std: every "
                + "delivery to it will be refused until a version is added.");
        console.press(Keys.ESCAPE);
        console.waitUntilGone(By.id("confirm-retire"));
        assertThat(db.count("SELECT count(*) FROM webhook_secret WHERE endpoint_id = 'std' AND version = 'v1' "
                + "AND retired_at IS NULL")).isEqualTo(1);
    }

    @Test
    void anOperatorPagesTheInboxByEventTypeAndTimeAndSeesDeliveriesPerMinute() {
        Instant from = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        URI std = server.baseUri().resolve("webhooks/standard/std");
        List<String> sent = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String messageId = StandardDeliveries.newMessageId();
            sent.add(messageId);
            assertThat(StandardDeliveries.send(std, StandardDeliveries.SECRET, messageId, pingBody()).statusCode())
                    .isEqualTo(200);
        }
        assertThat(StandardDeliveries.send(std, "whsec_" + "Zm9yZ2VkLWZvcmdlZC1mb3JnZWQtZm9yZ2Vk",
                StandardDeliveries.newMessageId(), pingBody()).statusCode()).isEqualTo(401);
        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());

        console.waitForText(By.cssSelector("figure.chart figcaption .legend"), "accepted");
        assertThat(console.text(By.cssSelector("figure.chart figcaption .legend"))).contains("signature_invalid");
        assertThat(console.script("return document.querySelectorAll('#deliveries-chart rect').length"))
                .isNotEqualTo(0L);
        assertThat(console.script("return document.getElementById('deliveries-chart').getAttribute('aria-label')"))
                .asString().contains("deliveries in the last hour", "signature_invalid");
        assertThat(console.texts(By.xpath("//table[caption='Secret versions by their last match']/tbody/tr[td[1]='std']"
                + "/td[3]"))).contains("v1");
        console.scrollToBottomOf(By.cssSelector("figure.chart"));
        console.screenshot("overview-chart");

        console.follow("Inbox", "Inbox");
        console.type(By.id("filter-event_type"), "payment.updated");
        console.script("document.getElementById('filter-received_from').value = '"
                + from.toString().replace("Z", "") + "'");
        console.type(By.id("filter-limit"), "2");
        console.click(By.xpath("//form[@aria-label='Filter the inbox']//button[.='Search']"));
        console.waitForText(By.cssSelector("#view caption"), "2 events, newest first; filtered by event type "
                + "payment.updated, received from " + from);
        assertThat(console.texts(By.xpath("//table/tbody/tr/td[6]"))).containsExactly(sent.get(2), sent.get(1));
        console.click(By.id("next-page"));
        console.waitForText(By.cssSelector("#view caption"), "1 event, newest first, after the previous page");
        assertThat(console.texts(By.xpath("//table/tbody/tr/td[6]"))).containsExactly(sent.get(0));
        assertThat(console.text(By.cssSelector("nav[aria-label='Pages']"))).contains("No older events match.");
        assertThat(console.currentUrl()).contains("starting_after=");
        console.screenshot("inbox-page-2");
        console.follow("First page", "Inbox");
        console.waitForText(By.cssSelector("#view caption"), "2 events, newest first; filtered by");
    }

    /** A payment event that processing applies, about an object no other test uses. */
    private static byte[] pingBody() {
        return ProcessingServers.paymentEvent("pay_console_" + UUID.randomUUID(), 1, "succeeded");
    }

    @Test
    void aCustomerTokenAndAForgedOneAreRefusedWithClearMessagesAndNotKept() {
        String customer = OperatorTokens.forTenant("tenant-console");
        ConsoleBrowser console = browser();

        console.submitToken(customer);

        console.waitForText(By.id("sign-in-error"), NOT_OPERATOR);
        assertThat(console.text(By.id("sign-in-error"))).isEqualTo(NOT_OPERATOR);
        assertThat(console.storage()).isEqualTo("{\"session\":{},\"local\":{}}");
        assertThat(console.script("return document.getElementById('nav').hidden")).isEqualTo(true);
        assertThat(console.script("return document.getElementById('token').value")).isEqualTo("");
        assertThat(console.currentUrl()).doesNotContain(customer);
        console.screenshot("customer-refused");

        String operator = OperatorTokens.operator();
        String forged = operator.substring(0, operator.lastIndexOf('.') + 1) + "c2lnbmVkIGJ5IG5vYm9keQ";
        console.submitToken(forged);

        console.waitForText(By.id("sign-in-error"), "This token is invalid or expired");
        assertThat(console.storage()).isEqualTo("{\"session\":{},\"local\":{}}");
    }

    @Test
    void aTokenRefusedDuringTheSessionSignsTheOperatorOut() {
        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());
        String operator = OperatorTokens.operator();
        String forged = operator.substring(0, operator.lastIndexOf('.') + 1) + "c2lnbmVkIGJ5IG5vYm9keQ";
        // What an expired token meets: the next call is answered 401.
        console.script("sessionStorage.setItem('tambat.console.token', '" + forged + "')");

        console.click(By.linkText("Inbox"));

        console.waitForText(By.id("sign-in-error"), "This token is invalid or expired: sign in again.");
        assertThat(console.storage()).isEqualTo("{\"session\":{},\"local\":{}}");
        assertThat(console.script("return document.getElementById('view').childElementCount")).isEqualTo(0L);
        assertThat(console.focused()).isEqualTo("token");
        console.screenshot("signed-out-on-401");
    }

    @Test
    void thePageIsPublicAndSentWithHeadersThatKeepScriptsToItsOrigin() {
        for (String path : List.of("console", "console/", "console/index.html")) {
            HttpResponse<String> page = Http.send(Http.request(server.baseUri().resolve(path)).GET().build());

            assertThat(page.statusCode()).as(path).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                    assertThat(type).startsWith("text/html"));
            assertThat(page.body()).contains("<script type=\"module\" src=\"/console/app.js\"></script>")
                    .doesNotContain("<script>").doesNotContain("style=");
            assertSecurityHeaders(page);
        }
        HttpResponse<String> script = Http.send(Http.request(server.baseUri().resolve("console/app.js")).GET().build());
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/javascript"));
        for (String missing : List.of("console/missing.js", "console/WEB-INF/beans.xml",
                "console/..%2FWEB-INF%2Fbeans.xml", "console/app.js.map", "console/App.js")) {
            HttpResponse<String> answer = Http.send(Http.request(server.baseUri().resolve(missing)).GET().build());
            assertThat(answer.statusCode()).as(missing).isIn(400, 404);
            assertThat(answer.body()).as(missing).doesNotContain("bean-discovery-mode");
        }
        HttpResponse<String> stats = admin.get("admin/inbox/stats");
        assertThat(stats.statusCode()).isEqualTo(200);
        assertThat(stats.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(Http.send(Http.request(server.baseUri().resolve("admin/inbox/stats")).GET().build()).statusCode())
                .isEqualTo(401);
    }

    private static void assertSecurityHeaders(HttpResponse<String> page) {
        String policy = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertThat(policy).contains("default-src 'none'", "script-src 'self'", "connect-src 'self'",
                "form-action 'none'", "frame-ancestors 'none'").doesNotContain("unsafe-inline", "unsafe-eval");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-cache");
    }

    private ConsoleBrowser browser() {
        return browsers.open(server.baseUri());
    }

    private static String groupCount(ConsoleBrowser console, String reason) {
        return console.text(By.xpath("//section[@class='group'][.//code[.='" + reason + "']]"
                + "//p[@class='group-actions']/span"));
    }

    /** A signed Stripe event about one payment intent, carrying a marker that only its payload holds. */
    private HttpResponse<String> deliverStripe(String eventId, String objectId, String marker) {
        byte[] body = ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"data\":{\"object\":{\"id\":\"" + objectId + "\",\"object\":\"payment_intent\",\"description\":\""
                + marker + "\"}}}").getBytes(StandardCharsets.UTF_8);
        return Http.post(server.baseUri().resolve("webhooks/stripe/stripe-main"), body, "Content-Type",
                "application/json", "Stripe-Signature",
                StripeSigner.signatureHeader(STRIPE_SECRET, Instant.now().getEpochSecond(), body));
    }

    private static String accepted(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response).getString("inbox_id");
    }
}
