package io.tambat.it.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.util.HashMap;
import java.util.Map;

/** WireMock as the payment and inventory services to which an order's delivery charges and reserves. */
public final class PaymentsAndInventory {

    private PaymentsAndInventory() {
    }

    /**
     * {@code others} plus what sends orders' deliveries to the services at these URLs, answering within a second
     * and retried 0.2 s to 1 s apart, so that a test sees a refusal or a timeout retried within seconds.
     */
    public static Map<String, String> settings(String paymentsUrl, String inventoryUrl, Map<String, String> others) {
        Map<String, String> settings = new HashMap<>(others);
        settings.put("TAMBAT_PAYMENTS_URL", paymentsUrl);
        settings.put("TAMBAT_INVENTORY_URL", inventoryUrl);
        settings.put("TAMBAT_DOWNSTREAM_TIMEOUT", "PT1S");
        settings.put("TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S");
        settings.put("TAMBAT_PROCESSING_MAX_BACKOFF", "PT1S");
        return settings;
    }

    /**
     * Both services answer 201 to every charge and reservation; a test stubs a charge otherwise at a priority
     * above 10 (a smaller number), and removes that stub to mend the service.
     */
    public static void acceptEveryCall(WireMockServer services) {
        services.stubFor(post(urlEqualTo("/charges")).atPriority(10).willReturn(aResponse().withStatus(201)));
        services.stubFor(post(urlEqualTo("/reservations")).willReturn(aResponse().withStatus(201)));
    }
}
