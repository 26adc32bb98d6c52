package io.tambat.it.console;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * The console's Destinations view on the runnable jar, in headless chromium: a destination with per-object
 * ordering whose consumer (WireMock) refuses an object's first message shows it FAILED and its key held; once
 * the consumer answers again, the operator redrives it after confirming and both messages are delivered; pause
 * and resume show in its state; a replay of a received range reports what it scheduled; a destination no longer
 * configured is listed as removed, and what it left is discarded after confirming. Screenshots go to
 * target/console-screenshots.
 */
class ConsoleDestinationsIT {

    private static final String SCHEMA = "tambat_console_destinations";
    private static final Duration SETTLED = Duration.ofSeconds(60);

    /** The server, and the consumer of destination ledger as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("console-destinations", SCHEMA,
            ProcessingServers.READY, consumerUrl -> ProcessingServers.settings(Map.of(
                    "TAMBAT_FORWARDING_DESTINATIONS", "ledger",
                    "TAMBAT_FORWARDING_DESTINATION_LEDGER_KIND", "http",
                    "TAMBAT_FORWARDING_DESTINATION_LEDGER_URL", consumerUrl + "/hooks",
                    "TAMBAT_FORWARDING_DESTINATION_LEDGER_SECRETS", "v1:whsec_Y29uc29sZSBkZXN0aW5hdGlvbnMgMDE=",
                    "TAMBAT_FORWARDING_DESTINATION_LEDGER_ORDERING", "per-object",
                    "TAMBAT_FORWARDING_DESTINATION_LEDGER_RETRY_SCHEDULE", "PT0.2S")))
            .stubbing(consumer -> consumer.stubFor(post(urlEqualTo("/hooks")).atPriority(10)
                    .willReturn(aResponse().withStatus(204))));

    private final TestDatabase db = new TestDatabase(SCHEMA);
    @RegisterExtension
    final ConsoleBrowsers browsers = new ConsoleBrowsers();

    @Test
    void anOperatorSeesAHeldKeyRedrivesItsFailedDeliveryPausesResumesAndReplaysARange() {
        Instant start = Instant.now().minusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
        StubMapping outage = server.wireMock().stubFor(post(urlEqualTo("/hooks")).atPriority(1)
                .willReturn(aResponse().withStatus(500)));
        String objectId = "pay_" + UUID.randomUUID();
        String first = deliver(objectId, 1);
        Eventually.within(SETTLED, () -> assertThat(status(first)).isEqualTo("FAILED"));
        String second = deliver(objectId, 2);
        long failedDelivery = db.count("SELECT delivery_id FROM forward_delivery WHERE inbox_id = CAST(? AS uuid)",
                first);

        ConsoleBrowser console = browsers.open(server.baseUri()).signIn(OperatorTokens.operator());
        console.follow("Destinations", "Destinations");
        assertThat(console.texts(By.xpath("//tr[td/a[.='ledger']]/td"))).containsSubsequence("ledger", "http")
                .contains("1");
        console.click(By.linkText("ledger"));
        console.headingIs("Destination ledger");
        console.visible(By.xpath("//table[contains(caption, 'FAILED')]//tr[td//code]"));
        assertThat(console.texts(By.xpath("//table[contains(caption, 'held key')]/tbody/tr/td")))
                .containsSubsequence("standard:std:" + objectId, String.valueOf(failedDelivery));
        assertThat(status(second)).as("held behind the FAILED one").isEqualTo("PENDING");
        console.screenshot("destinations-held");

        server.wireMock().removeStub(outage);
        console.click(By.cssSelector("button[aria-label='Redrive delivery " + failedDelivery + "']"));
        console.visible(By.id("confirm-destination"));
        assertThat(console.focused()).isEqualTo("confirm-destination-cancel");
        console.press(Keys.ESCAPE);
        console.waitUntilGone(By.id("confirm-destination"));
        assertThat(status(first)).isEqualTo("FAILED");
        console.click(By.cssSelector("button[aria-label='Redrive delivery " + failedDelivery + "']"));
        assertThat(console.text(By.id("confirm-destination-title"))).isEqualTo("Redrive delivery " + failedDelivery
                + "?");
        console.click(By.id("confirm-destination-run"));
        console.waitForText(By.cssSelector(".outcome p"), "Delivery " + failedDelivery + " redriven.");
        Eventually.within(SETTLED, () -> {
            assertThat(status(first)).isEqualTo("DELIVERED");
            assertThat(status(second)).isEqualTo("DELIVERED");
        });

        console.click(By.id("pause"));
        console.waitForText(By.cssSelector(".outcome p"), "Destination ledger paused");
        console.visible(By.id("resume"));
        assertThat(console.field("State")).isEqualTo("paused");
        assertThat(db.count("SELECT count(*) FROM forward_destination_pause WHERE destination_id = 'ledger'"))
                .isEqualTo(1);
        console.click(By.id("resume"));
        console.waitForText(By.cssSelector(".outcome p"), "Destination ledger resumed");
        console.visible(By.id("pause"));

        console.script("document.getElementById('range-from').value = '" + local(start) + "';"
                + "document.getElementById('range-to').value = '" + local(Instant.now().plusSeconds(60)) + "';");
        console.click(By.id("replay-range"));
        assertThat(console.text(By.id("confirm-destination-title"))).startsWith("Replay " + start);
        console.click(By.id("confirm-destination-run"));
        console.waitForText(By.cssSelector(".outcome p"), "2 deliveries scheduled.");
        console.screenshot("destinations-replayed");
        Eventually.within(SETTLED, () -> assertThat(server.wireMock().getAllServeEvents().stream()
                .filter(event -> event.getResponse().getStatus() == 204).count()).isEqualTo(4));
        assertThat(Http.json(server.admin().get("admin/audit?action=destination.replay"))
                .getJsonArray("items")).hasSize(1);
    }

    @Test
    void anOperatorDiscardsWhatADestinationRemovedFromTheConfigurationLeft() {
        for (String status : new String[] {"PENDING", "FAILED"}) {
            UUID inboxId = UUID.randomUUID();
            db.update("INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, ordering_key,"
                    + " status, next_attempt_at, created_at) VALUES ('retired', 'event', ?, ?, ?, ?, now(), now())",
                    inboxId.toString(), inboxId, inboxId.toString(), status);
        }

        ConsoleBrowser console = browsers.open(server.baseUri()).signIn(OperatorTokens.operator());
        console.follow("Destinations", "Destinations");
        assertThat(console.texts(By.xpath("//tr[td/a[.='retired']]/td"))).containsSubsequence("retired", "unknown",
                "removed", "1");
        console.click(By.linkText("retired"));
        console.headingIs("Destination retired");
        assertThat(console.field("State")).isEqualTo("removed");
        console.click(By.id("discard"));
        assertThat(console.text(By.id("confirm-destination-title"))).isEqualTo("Discard what retired left?");
        console.click(By.id("confirm-destination-run"));
        console.waitForText(By.cssSelector(".outcome p"), "2 deliveries discarded.");
        console.screenshot("destinations-discarded");

        assertThat(db.count("SELECT count(*) FROM forward_delivery WHERE destination_id = 'retired'"
                + " AND status = 'SKIPPED'")).isEqualTo(2);
        assertThat(Http.json(server.admin().get("admin/audit?action=destination.discard"))
                .getJsonArray("items")).hasSize(1);
    }

    private String deliver(String objectId, long version) {
        String messageId = ProcessingServers.newMessageId();
        assertThat(ProcessingServers.deliver(server.baseUri(), messageId,
                ProcessingServers.paymentEvent(objectId, version, "succeeded")).statusCode()).isEqualTo(200);
        return db.rows("SELECT inbox_id::text AS id FROM webhook_inbox WHERE provider_event_id = ?", messageId)
                .get(0).get("id").toString();
    }

    private String status(String inboxId) {
        return (String) db.rows("SELECT status FROM forward_delivery WHERE inbox_id = CAST(? AS uuid)", inboxId)
                .get(0).get("status");
    }

    /** As a datetime-local input holds it: UTC, to the second, without the zone. */
    private static String local(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS).toString().replace("Z", "");
    }
}
