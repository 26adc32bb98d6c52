package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.RecordingTracing;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStateClientFactory;
import io.tambat.provider.spi.ProviderStatePort;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProviderStatesTest {

    private static final URI STRIPE_API = URI.create("https://api.stripe.com");
    private static final URI PADDLE_API = URI.create("https://api.paddle.com");
    private static final EndpointId PAYMENTS = new EndpointId("payments");
    private static final EndpointId MARKETPLACE = new EndpointId("marketplace");

    private static ProviderStates states(Map<String, ProviderApiSettings.Api> apis) {
        ProviderStates states = new ProviderStates();
        states.settings = new ProviderApiSettings(apis, Duration.ofSeconds(5));
        states.tracing = new RecordingTracing();
        states.factories = Map.of("stripe", new KeyedClients("stripe"), "paddle", new KeyedClients("paddle"));
        states.build();
        return states;
    }

    private static ProviderApiSettings.Api stripe(Map<EndpointId, String> endpointKeys) {
        return new ProviderApiSettings.Api(STRIPE_API, "rk_platform", endpointKeys);
    }

    /** The key the client was built with. */
    private static String keyOf(Optional<ProviderStatePort> client) {
        return ((KeyedClient) client.orElseThrow()).key();
    }

    @Test
    void fetchesForAnEndpointWithTheKeyOfItsOwn() {
        ProviderStates states = states(Map.of("stripe", stripe(Map.of(MARKETPLACE, "rk_marketplace"))));

        assertThat(keyOf(states.forEndpoint("stripe", MARKETPLACE))).isEqualTo("rk_marketplace");
    }

    @Test
    void fetchesForAnEndpointWithoutAKeyOfItsOwnWithItsProvidersKey() {
        ProviderStates states = states(Map.of("stripe", stripe(Map.of(MARKETPLACE, "rk_marketplace"))));

        assertThat(keyOf(states.forEndpoint("stripe", PAYMENTS))).isEqualTo("rk_platform");
        assertThat(keyOf(states.forProvider("stripe"))).isEqualTo("rk_platform");
    }

    @Test
    void neverLendsAnEndpointsKeyToAnotherProvider() {
        ProviderStates states = states(Map.of(
                "stripe", stripe(Map.of(MARKETPLACE, "rk_marketplace")),
                "paddle", new ProviderApiSettings.Api(PADDLE_API, "rk_paddle", Map.of())));

        assertThat(keyOf(states.forEndpoint("paddle", MARKETPLACE))).isEqualTo("rk_paddle");
    }

    @Test
    void hasNoClientForAProviderWithoutApiSettingsWhateverItsEndpoint() {
        ProviderStates states = states(Map.of("stripe", stripe(Map.of(MARKETPLACE, "rk_marketplace"))));

        assertThat(states.forEndpoint("paddle", MARKETPLACE)).isEmpty();
        assertThat(states.forEndpoint("paddle", PAYMENTS)).isEmpty();
    }

    @Test
    void refusesAnEndpointKeyItsProviderRefusesNamingTheSettingNeverTheKey() {
        assertThatThrownBy(() -> states(Map.of("stripe", stripe(Map.of(MARKETPLACE, "sk_live_wrong_kind_4242")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tambat.webhooks.endpoint.marketplace.api-key: the stripe api-key must be a restricted "
                        + "key")
                .hasMessageNotContaining("sk_live_wrong_kind_4242");
    }

    /** Builds clients that only say which key they were built with, and refuses keys that are not rk_ keys. */
    private record KeyedClients(String provider) implements ProviderStateClientFactory {

        @Override
        public ProviderStatePort create(URI apiUrl, String apiKey, Duration timeout) {
            if (!apiKey.startsWith("rk_")) {
                throw new IllegalArgumentException("the " + provider + " api-key must be a restricted key");
            }
            return new KeyedClient(provider, apiKey);
        }
    }

    private record KeyedClient(String provider, String key) implements ProviderStatePort {

        @Override
        public boolean supports(String candidate) {
            return provider.equals(candidate);
        }

        @Override
        public Optional<ProviderObject> fetch(ObjectKey object) {
            throw new UnsupportedOperationException("these tests choose clients and never fetch");
        }
    }
}
