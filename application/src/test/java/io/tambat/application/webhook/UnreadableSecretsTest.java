package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.LogCapture;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingIngressMetrics;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.provider.spi.SecretVersion;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** What operators learn of trusted versions that do not open: health, a gauge per version, a log line per change. */
class UnreadableSecretsTest {

    private static final EndpointId SHOP = new EndpointId("shop");
    private static final EndpointId BILLING = new EndpointId("billing");

    private final MutableClock clock = MutableClock.start();
    private final InMemorySecretStore store = new InMemorySecretStore();
    private final RecordingIngressMetrics metrics = new RecordingIngressMetrics();
    private final UnreadableSecrets secrets = new UnreadableSecrets();

    UnreadableSecretsTest() {
        secrets.store = store;
        secrets.metrics = metrics;
        store.seed(SHOP, List.of(new SecretVersion("v1", "whsec_shop-one")), clock.instant());
        store.seed(BILLING, List.of(new SecretVersion("v1", "whsec_billing-one"),
                new SecretVersion("v2", "whsec_billing-two")), clock.instant());
    }

    @Test
    void saysNothingBeforeItsFirstLook() {
        assertThat(secrets.unreadableSecrets()).isEmpty();
    }

    @Test
    void namesTheVersionsThatDoNotOpenAndMeasuresEveryTrustedVersion() {
        store.loseTheKeyOf(BILLING, "v1");

        secrets.look();

        assertThat(secrets.unreadableSecrets()).hasValueSatisfying(unreadable -> assertThat(unreadable)
                .extracting(SecretReadability::describe).containsExactly("billing/v1 (key k1)"));
        assertThat(metrics.lastLook).extracting(secret -> secret.describe() + " opens " + secret.opens())
                .containsExactly("billing/v1 (key k1) opens false", "billing/v2 (key k1) opens true",
                        "shop/v1 (key k1) opens true");
    }

    @Test
    void saysSoInTheLogOncePerChangeByNameNeverByMaterial() {
        try (LogCapture log = LogCapture.of(UnreadableSecrets.class)) {
            secrets.look();
            store.loseTheKeyOf(SHOP, "v1");
            secrets.look();
            secrets.look();
            store.retire(SHOP, "v1", clock.instant());
            secrets.look();

            assertThat(log.messages(Level.SEVERE)).singleElement().asString()
                    .contains("shop/v1 (key k1)")
                    .contains("503 secrets_unavailable")
                    .doesNotContain("whsec_");
            assertThat(log.messages(Level.INFO))
                    .containsExactly("every trusted secret version opens with TAMBAT_PAYLOAD_KEYS again");
        }
        assertThat(secrets.unreadableSecrets()).contains(List.of());
        assertThat(metrics.lastLook).extracting(SecretReadability::describe)
                .as("a retired version is no longer trusted").doesNotContain("shop/v1 (key k1)");
    }

    @Test
    void keepsItsLastLookWhileTheStoreCannotAnswer() {
        store.loseTheKeyOf(SHOP, "v1");
        secrets.look();
        store.becomeUnavailable();

        assertThatThrownBy(secrets::look).isInstanceOf(StoreUnavailableException.class);

        assertThat(secrets.unreadableSecrets()).hasValueSatisfying(unreadable -> assertThat(unreadable)
                .extracting(SecretReadability::describe).containsExactly("shop/v1 (key k1)"));
    }
}
