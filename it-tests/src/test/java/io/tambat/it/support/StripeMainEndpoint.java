package io.tambat.it.support;

import java.util.HashMap;
import java.util.Map;

/**
 * Endpoint {@code stripe-main} as the runnable-jar tests configure it: Stripe deliveries verified with a secret
 * and, since Stripe's events carry no version, the objects they name fetched from Stripe's API (a WireMock).
 */
public final class StripeMainEndpoint {

    private StripeMainEndpoint() {
    }

    /**
     * {@code others} plus what makes endpoint stripe-main verify with {@code secret} and fetch from the API at
     * {@code apiUrl} with {@code apiKey}; {@code others} lists stripe-main among the endpoints.
     */
    public static Map<String, String> settings(String secret, String apiUrl, String apiKey,
            Map<String, String> others) {
        Map<String, String> settings = new HashMap<>(others);
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_PROVIDER", "stripe");
        settings.put("TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_SECRETS", "v1:" + secret);
        settings.put("TAMBAT_PROVIDERS_STRIPE_API_URL", apiUrl);
        settings.put("TAMBAT_PROVIDERS_STRIPE_API_KEY", apiKey);
        return settings;
    }
}
