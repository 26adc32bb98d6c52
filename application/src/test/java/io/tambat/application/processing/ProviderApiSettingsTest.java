package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.webhook.EndpointId;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderApiSettingsTest {

    @Test
    void neverShowsAKeyWhenPrinted() {
        ProviderApiSettings settings = new ProviderApiSettings(Map.of("stripe", new ProviderApiSettings.Api(
                URI.create("https://api.stripe.com"), "rk_live_platform_5150",
                Map.of(new EndpointId("marketplace"), "rk_live_marketplace_8080"))), Duration.ofSeconds(5));

        assertThat(settings.toString())
                .contains("https://api.stripe.com", "marketplace")
                .doesNotContain("rk_live_platform_5150", "rk_live_marketplace_8080");
    }
}
