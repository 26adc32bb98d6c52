package io.tambat.it.console;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.PaymentsAndInventory;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

/**
 * The console's Orders view on the runnable jar, in headless chromium: an order whose charge the payment service
 * (WireMock) refuses with 500 ends FAILED and is listed; once payments answer again, the operator redrives it
 * from the page after confirming, sees it leave the list, and the database says it was delivered. The look-up
 * form finds an order and a long operation by id, whichever tenant's, and never shows an Idempotency-Key.
 * Screenshots go to target/console-screenshots.
 */
class ConsoleOrdersIT {

    private static final String SCHEMA = "tambat_console_orders";
    private static final Duration SETTLED = Duration.ofSeconds(60);
    private static final String TENANT = "tenant-console-orders";
    private static final String BODY = """
            {"checkout_id":"%s","currency":"EUR",
             "items":[{"sku":"SKU-1","quantity":%d,"unit_price_minor":1250}]}""";

    /** The server, and the payment and inventory services as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("console-orders", SCHEMA, Duration.ofSeconds(90),
            servicesUrl -> PaymentsAndInventory.settings(servicesUrl, servicesUrl,
                    Map.of("TAMBAT_PROCESSING_MAX_ATTEMPTS", "2")))
            .stubbing(PaymentsAndInventory::acceptEveryCall);

    private final TestDatabase db = new TestDatabase(SCHEMA);
    @RegisterExtension
    final ConsoleBrowsers browsers = new ConsoleBrowsers();

    @Test
    void anOperatorRedrivesAFailedOrderDeliveryFromThePageAfterConfirming() {
        // Payments answer 500 to this order's charge (37.50) until the test mends them.
        StubMapping outage = server.wireMock().stubFor(post(urlEqualTo("/charges")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.amount_minor", equalTo("3750")))
                .willReturn(aResponse().withStatus(500)));
        String key = "key-" + UUID.randomUUID();
        String orderId = Http.json(placed(place(key, 3, false), 201)).getString("id");
        Eventually.within(SETTLED, () -> assertThat(db.count("SELECT count(*) FROM order_outbox "
                + "WHERE order_id = CAST(? AS uuid) AND failed_at IS NOT NULL", orderId)).isEqualTo(1));
        long deliveryId = db.count("SELECT outbox_id FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId);
        By row = By.xpath("//table[contains(caption, 'FAILED')]//tr[td//code[.='" + orderId + "']]");
        By redrive = By.cssSelector("button[aria-label='Redrive delivery " + deliveryId + " of order " + orderId + "']");

        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());
        console.follow("Orders", "Orders");

        assertThat(console.focused()).isEqualTo("orders-title");
        assertThat(console.script("return document.querySelector('#nav a[aria-current=page]').textContent"))
                .isEqualTo("Orders");
        console.visible(row);
        assertThat(console.texts(By.xpath("//tr[td//code[.='" + orderId + "']]/td")))
                .containsSubsequence(String.valueOf(deliveryId), orderId, "2", "no", "no")
                .anySatisfy(cell -> assertThat(cell).contains("answered 500").endsWith("(after 2 attempts)"));
        console.screenshot("orders");

        server.wireMock().removeStub(outage);
        console.click(redrive);
        // The dialog opens on Cancel, and Escape closes it with nothing redriven.
        console.visible(By.id("confirm-delivery"));
        assertThat(console.focused()).isEqualTo("confirm-delivery-cancel");
        console.press(Keys.ESCAPE);
        console.waitUntilGone(By.id("confirm-delivery"));
        assertThat(console.focused()).isNotEqualTo("confirm-delivery-cancel");
        assertThat(failedAt(orderId)).isNotNull();
        console.click(redrive);
        assertThat(console.text(By.id("confirm-delivery-title"))).isEqualTo("Redrive delivery " + deliveryId + "?");
        assertThat(console.text(By.id("confirm-delivery-text"))).startsWith("The delivery of order " + orderId
                + " goes back to work now");
        console.screenshot("orders-confirm");
        console.click(By.id("confirm-delivery-run"));

        console.waitForText(By.cssSelector(".outcome p"), "Delivery " + deliveryId + " of order " + orderId
                + " redriven");
        console.waitUntilGone(row);
        Eventually.within(SETTLED, () -> assertThat(db.rows("SELECT published_at, failed_at, charged_at, "
                + "reserved_at FROM order_outbox WHERE outbox_id = ?", deliveryId).get(0))
                .containsEntry("failed_at", null)
                .satisfies(delivery -> assertThat(delivery.get("published_at")).isNotNull())
                .satisfies(delivery -> assertThat(delivery.get("charged_at")).isNotNull())
                .satisfies(delivery -> assertThat(delivery.get("reserved_at")).isNotNull()));
        console.follow("Overview", "Overview");
        console.follow("Orders", "Orders");
        console.waitForText(By.cssSelector("#view .empty"), "No order delivery is FAILED.");
        List<JsonObject> audited = Http.json(server.admin().get("admin/audit?action=order_delivery.redrive&limit=10"))
                .getJsonArray("items").getValuesAs(JsonObject.class);
        assertThat(audited).extracting(entry -> entry.getString("target")).containsExactly(String.valueOf(deliveryId));
        assertThat(console.document()).doesNotContain(key);
    }

    @Test
    void theLookUpFormFindsAnOrderAndAnOperationOfAnyTenant() {
        String syncKey = "key-" + UUID.randomUUID();
        String asyncKey = "key-" + UUID.randomUUID();
        String orderId = Http.json(placed(place(syncKey, 2, false), 201)).getString("id");
        String location = placed(place(asyncKey, 4, true), 202).headers().firstValue("Location").orElseThrow();
        String operationId = location.substring(location.lastIndexOf('/') + 1);
        Eventually.within(SETTLED, () -> assertThat(db.count("SELECT count(*) FROM idempotency_requests "
                + "WHERE operation_id = CAST(? AS uuid) AND outcome = 'CREATED'", operationId)).isEqualTo(1));
        String operationOrderId = String.valueOf(db.rows("SELECT resource_id FROM idempotency_requests "
                + "WHERE operation_id = CAST(? AS uuid)", operationId).get(0).get("resource_id"));

        ConsoleBrowser console = browser().signIn(OperatorTokens.operator());
        console.follow("Orders", "Orders");
        console.type(By.id("lookup-id"), orderId);
        console.press(Keys.ENTER);

        console.waitForText(By.id("found-title"), "Order " + orderId);
        assertThat(console.currentUrl()).endsWith("#/orders/" + orderId);
        assertThat(console.field("Tenant")).isEqualTo(TENANT);
        assertThat(console.field("Status")).isEqualTo("created");
        assertThat(console.field("Total")).isEqualTo("€25.00");
        assertThat(console.texts(By.xpath("//table[caption='Lines of order " + orderId + "']/tbody/tr/td")))
                .containsExactly("SKU-1", "2", "€12.50", "€25.00");
        console.screenshot("orders-order");

        console.type(By.id("lookup-id"), operationId);
        console.click(By.xpath("//form[@aria-label='Look up an order or an operation']//button[.='Look up']"));

        console.waitForText(By.id("found-title"), "Operation " + operationId);
        assertThat(console.field("Tenant")).isEqualTo(TENANT);
        assertThat(console.field("Status")).isEqualTo("COMPLETED");
        assertThat(console.field("Answer")).isEqualTo("201 created");
        assertThat(console.field("Order")).isEqualTo(operationOrderId);
        console.screenshot("orders-operation");
        console.click(By.linkText(operationOrderId));
        console.waitForText(By.id("found-title"), "Order " + operationOrderId);
        assertThat(console.field("Total")).isEqualTo("€50.00");

        String unknown = UUID.randomUUID().toString();
        console.type(By.id("lookup-id"), unknown);
        console.press(Keys.ENTER);
        console.waitForText(By.cssSelector(".lookup-result [role=alert]"),
                "No order and no operation has the id " + unknown + ".");
        console.type(By.id("lookup-id"), "chk_not-an-id");
        console.press(Keys.ENTER);
        console.waitForText(By.cssSelector(".lookup-result [role=alert]"), "chk_not-an-id is no order or operation id");
        assertThat(console.document()).doesNotContain(syncKey).doesNotContain(asyncKey);
    }

    private HttpResponse<String> place(String key, int quantity, boolean respondAsync) {
        HttpRequest.Builder request = Http.request(server.baseUri().resolve("orders"),
                "Authorization", "Bearer " + OperatorTokens.forTenant(TENANT), "Idempotency-Key", key,
                "Content-Type", "application/json");
        if (respondAsync) {
            request.header("Prefer", "respond-async");
        }
        String checkout = "chk_" + UUID.randomUUID().toString().replace("-", "");
        return Http.send(request.POST(HttpRequest.BodyPublishers.ofString(BODY.formatted(checkout, quantity))).build());
    }

    private static HttpResponse<String> placed(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return response;
    }

    private Object failedAt(String orderId) {
        return db.rows("SELECT failed_at FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId).get(0)
                .get("failed_at");
    }

    private ConsoleBrowser browser() {
        return browsers.open(server.baseUri());
    }
}
