package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.tambat.application.processing.ProviderApiSettings;
import io.tambat.domain.model.webhook.EndpointId;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessingProducersTest {

    private static ProcessingProducers producers(Map<String, String> properties) {
        ConfiguredWebhookEndpoints endpoints = ConfiguredWebhookEndpointsTest.load(properties);
        ProcessingProducers producers = new ProcessingProducers();
        producers.config = new MapConfig(properties);
        producers.reader = new SettingsReader(producers.config);
        producers.providers = endpoints.adapters;
        producers.endpoints = endpoints;
        return producers;
    }

    @Test
    void readsTheKeyOfAnEndpointThatHasItsOwnBesideItsProvidersKey() {
        ProviderApiSettings settings = producers(Map.of(
                "tambat.webhooks.endpoints", "payments,marketplace,repo",
                "tambat.webhooks.endpoint.payments.provider", "stripe",
                "tambat.webhooks.endpoint.marketplace.provider", "stripe",
                "tambat.webhooks.endpoint.marketplace.api-key", "rk_live_marketplace",
                "tambat.webhooks.endpoint.repo.provider", "github",
                "tambat.providers.stripe.api-url", "https://api.stripe.com",
                "tambat.providers.stripe.api-key", "rk_live_platform")).providerApiSettings();

        assertThat(settings.apis()).containsOnlyKeys("stripe");
        assertThat(settings.apis().get("stripe").key()).isEqualTo("rk_live_platform");
        assertThat(settings.apis().get("stripe").endpointKeys())
                .containsExactly(entry(new EndpointId("marketplace"), "rk_live_marketplace"));
    }

    @Test
    void refusesAnEndpointKeyWhoseProviderHasNoApiUrlNamingTheSettingNeverTheKey() {
        assertThatThrownBy(() -> producers(Map.of(
                "tambat.webhooks.endpoints", "marketplace",
                "tambat.webhooks.endpoint.marketplace.provider", "stripe",
                "tambat.webhooks.endpoint.marketplace.api-key", "rk_live_marketplace")).providerApiSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.webhooks.endpoint.marketplace.api-key: is used only with "
                        + "tambat.providers.stripe.api-url, which is not set")
                .hasMessageNotContaining("rk_live_marketplace");
    }
}
