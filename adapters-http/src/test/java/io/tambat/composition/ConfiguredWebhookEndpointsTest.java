package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.webhook.ProviderAdapters;
import java.net.URI;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;
import org.junit.jupiter.api.Test;

class ConfiguredWebhookEndpointsTest {

    private static ConfiguredWebhookEndpoints load(Map<String, String> properties) {
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
    void needsNoPublicUrlForAProviderThatSignsNone() {
        ConfiguredWebhookEndpoints endpoints = load(Map.of(
                "tambat.webhooks.endpoints", "repo",
                "tambat.webhooks.endpoint.repo.provider", "github",
                "tambat.webhooks.endpoint.repo.secrets", "v1:It's a Secret to Everybody"));
        assertThat(endpoints.find("repo")).hasValueSatisfying(endpoint -> assertThat(endpoint.publicUrl()).isEmpty());
    }

    /** Configuration from a map, converting only to what the endpoints read: strings and comma-separated lists. */
    private record MapConfig(Map<String, String> properties) implements Config {

        @Override
        public <T> Optional<T> getOptionalValue(String propertyName, Class<T> propertyType) {
            return Optional.ofNullable(properties.get(propertyName)).map(value -> propertyType.cast(
                    propertyType == String[].class ? value.split(",") : value));
        }

        @Override
        public <T> T getValue(String propertyName, Class<T> propertyType) {
            return getOptionalValue(propertyName, propertyType).orElseThrow(NoSuchElementException::new);
        }

        @Override
        public ConfigValue getConfigValue(String propertyName) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<String> getPropertyNames() {
            return properties.keySet();
        }

        @Override
        public Iterable<ConfigSource> getConfigSources() {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> Optional<Converter<T>> getConverter(Class<T> forType) {
            return Optional.empty();
        }

        @Override
        public <T> T unwrap(Class<T> type) {
            throw new UnsupportedOperationException();
        }
    }
}
