package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.tambat.application.processing.ProviderApiSettings;
import io.tambat.application.webhook.ProviderAdapters;
import io.tambat.domain.model.webhook.EndpointId;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RuntimeProducersTest {

    private static RuntimeProducers producers(Map<String, String> properties) {
        MapConfig config = new MapConfig(properties);
        ConfiguredWebhookEndpoints endpoints = new ConfiguredWebhookEndpoints();
        endpoints.config = config;
        endpoints.adapters = new ProviderAdapters();
        endpoints.load();
        RuntimeProducers producers = new RuntimeProducers();
        producers.config = config;
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

    @Test
    void anEarlierReleaseMayStillRunOnlyWhileRowKeysAreOff() {
        assertThat(producers(Map.of("tambat.payload.row-keys", "false")).rollingUpgrade().earlierReleaseMayRun())
                .isTrue();
        assertThat(producers(Map.of()).rollingUpgrade().earlierReleaseMayRun()).isFalse();
    }

    @Test
    void readsTheBudgetOfUnverifiedBytes() {
        assertThat(producers(Map.of("tambat.webhooks.unverified-bytes", "67108864")).unverifiedBytesBudget()
                .capacity()).isEqualTo(67_108_864L);
    }

    @Test
    void budgetsAQuarterOfTheHeapForUnverifiedBytesByDefault() {
        assertThat(producers(Map.of()).unverifiedBytesBudget().capacity())
                .isEqualTo(Runtime.getRuntime().maxMemory() / 4);
    }

    @Test
    void refusesAnUnverifiedBytesBudgetInWhichAnEndpointsLargestBodyDoesNotFit() {
        assertThatThrownBy(() -> producers(Map.of(
                "tambat.webhooks.endpoints", "payments",
                "tambat.webhooks.endpoint.payments.provider", "stripe",
                "tambat.webhooks.endpoint.payments.max-body-bytes", "2048",
                "tambat.webhooks.unverified-bytes", "2047")).unverifiedBytesBudget())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.webhooks.unverified-bytes: is 2047 bytes, less than the max-body-bytes of endpoint "
                        + "payments (2048): raise it or the heap, or lower that limit");
    }

    @Test
    void refusesAnUnverifiedBytesBudgetThatIsNotAPositiveWholeNumberOfBytes() {
        assertThatThrownBy(() -> producers(Map.of("tambat.webhooks.unverified-bytes", "0")).unverifiedBytesBudget())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.webhooks.unverified-bytes: must be at least 1");
        assertThatThrownBy(() -> producers(Map.of("tambat.webhooks.unverified-bytes", "64MiB")).unverifiedBytesBudget())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.webhooks.unverified-bytes: not a whole number of bytes");
    }
}
