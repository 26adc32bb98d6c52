package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.webhook.ProviderAdapters;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfiguredWebhookEndpointsTest {

    /** The endpoints the properties configure, loaded as at start; the producers' tests build on them too. */
    static ConfiguredWebhookEndpoints load(Map<String, String> properties) {
        ConfiguredWebhookEndpoints endpoints = new ConfiguredWebhookEndpoints();
        endpoints.config = new MapConfig(properties);
        endpoints.adapters = new ProviderAdapters();
        endpoints.load();
        return endpoints;
    }

    @Test
    void refusesToStartATwilioEndpointWithoutThePublicUrlTwilioSignsNamingTheKey() {
        assertThatThrownBy(() -> load(Map.of(
                "tambat.webhooks.endpoints", "sms",
                "tambat.webhooks.endpoint.sms.provider", "twilio",
                "tambat.webhooks.endpoint.sms.secrets", "v1:0123456789abcdef0123456789abcdef")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.webhooks.endpoint.sms.public-url: is required")
                .hasMessageNotContaining("0123456789abcdef");
    }

    @Test
    void startsATwilioEndpointWithItsPublicUrl() {
        ConfiguredWebhookEndpoints endpoints = load(Map.of(
                "tambat.webhooks.endpoints", "sms",
                "tambat.webhooks.endpoint.sms.provider", "twilio",
                "tambat.webhooks.endpoint.sms.secrets", "v1:0123456789abcdef0123456789abcdef",
                "tambat.webhooks.endpoint.sms.public-url", "https://hooks.example.com/webhooks/twilio/sms"));
        assertThat(endpoints.find("sms")).hasValueSatisfying(endpoint -> assertThat(endpoint.publicUrl())
                .contains(URI.create("https://hooks.example.com/webhooks/twilio/sms")));
    }

    @Test
    void refusesAPublicUrlWithItsOwnQueryStringOrFragment() {
        for (String url : new String[] {"https://hooks.example.com/sms?tenant=acme",
            "https://hooks.example.com/sms#rc=3"}) {
            assertThatThrownBy(() -> load(Map.of(
                    "tambat.webhooks.endpoints", "sms",
                    "tambat.webhooks.endpoint.sms.provider", "twilio",
                    "tambat.webhooks.endpoint.sms.secrets", "v1:0123456789abcdef0123456789abcdef",
                    "tambat.webhooks.endpoint.sms.public-url", url)))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageStartingWith("tambat.webhooks.endpoint.sms.public-url: must have no query string");
        }
    }

    @Test
    void readsASequenceStartOtherThanOneAndRefusesOneThatIsNoNumber() {
        ConfiguredWebhookEndpoints endpoints = load(Map.of(
                "tambat.webhooks.endpoints", "deltas",
                "tambat.webhooks.endpoint.deltas.provider", "standard",
                "tambat.webhooks.endpoint.deltas.secrets", "v1:whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                "tambat.webhooks.endpoint.deltas.sequence-pointer", "/data/seq",
                "tambat.webhooks.endpoint.deltas.sequence-start", "0"));
        assertThat(endpoints.find("deltas")).hasValueSatisfying(endpoint ->
                assertThat(endpoint.interpretation().sequenceStart()).isZero());

        assertThatThrownBy(() -> load(Map.of(
                "tambat.webhooks.endpoints", "deltas",
                "tambat.webhooks.endpoint.deltas.provider", "standard",
                "tambat.webhooks.endpoint.deltas.secrets", "v1:whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                "tambat.webhooks.endpoint.deltas.sequence-start", "first")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.webhooks.endpoint.deltas.sequence-start: must be a whole number");
    }

    @Test
    void needsNoPublicUrlForAProviderThatSignsNone() {
        ConfiguredWebhookEndpoints endpoints = load(Map.of(
                "tambat.webhooks.endpoints", "repo",
                "tambat.webhooks.endpoint.repo.provider", "github",
                "tambat.webhooks.endpoint.repo.secrets", "v1:It's a Secret to Everybody"));
        assertThat(endpoints.find("repo")).hasValueSatisfying(endpoint -> assertThat(endpoint.publicUrl()).isEmpty());
    }
}
