package io.tambat.adapter.out.providerapi.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.ProviderStateClientFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class StripeStateClientFactoryTest {

    private static final URI API = URI.create("https://api.stripe.com");
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final StripeStateClientFactory factory = new StripeStateClientFactory();

    @Test
    void isFoundThroughServiceLoaderForStripe() {
        assertThat(ServiceLoader.load(ProviderStateClientFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(candidate -> candidate.provider().equals("stripe")))
                .singleElement()
                .isInstanceOf(StripeStateClientFactory.class);
    }

    @Test
    void buildsAClientThatSupportsStripe() {
        assertThat(factory.create(API, "sk_live_51HqLyjWDarjtT1zd", TIMEOUT).supports("stripe")).isTrue();
    }

    @Test
    void refusesAKeyAnHttpHeaderCannotCarryWithoutEchoingIt() {
        for (String key : new String[] {"", "sk_live_has space", "sk_live_line\nbreak", "sk_live_é"}) {
            assertThatThrownBy(() -> factory.create(API, key, TIMEOUT))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the Stripe api-key must be non-empty visible ASCII");
        }
    }

    @Test
    void refusesAnApiUrlThatIsNotAbsoluteHttp() {
        for (String url : new String[] {"api.stripe.com", "/v1", "ftp://api.stripe.com", "file:///etc"}) {
            assertThatThrownBy(() -> factory.create(URI.create(url), "sk_live_1", TIMEOUT))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("api-url");
        }
    }

    @Test
    void refusesATimeoutThatIsNotPositive() {
        assertThatThrownBy(() -> factory.create(API, "sk_live_1", Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> factory.create(API, "sk_live_1", Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
