package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.objectstore.NoPayloadObjectStore;
import io.tambat.adapter.out.objectstore.S3PayloadObjectStore;
import io.tambat.application.payload.PayloadStoreSettings;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PayloadStoreProducersTest {

    /** New payloads in an S3-compatible store on loopback (nothing listens: no test here calls it). */
    static final Map<String, String> S3 = Map.of(
            "tambat.payloads.store", "s3",
            "tambat.payloads.s3.endpoint", "http://127.0.0.1:1",
            "tambat.payloads.s3.region", "us-east-1",
            "tambat.payloads.s3.bucket", "payloads",
            "tambat.payloads.s3.path-style", "true",
            "tambat.payloads.s3.access-key", "access",
            "tambat.payloads.s3.secret-key", "secret-value");

    static PayloadStoreProducers producers(Map<String, String> properties) {
        PayloadStoreProducers producers = new PayloadStoreProducers();
        producers.config = new MapConfig(properties);
        producers.reader = new SettingsReader(producers.config);
        return producers;
    }

    @Test
    void keepsPayloadsInTheDatabaseWithoutAnObjectStoreByDefault() {
        PayloadStoreProducers producers = producers(Map.of());

        assertThat(producers.payloadStoreSettings()).isEqualTo(PayloadStoreSettings.IN_ROWS);
        assertThat(producers.payloadObjectStore()).isInstanceOf(NoPayloadObjectStore.class);
        assertThat(producers.newPayloadPutTimeout()).isZero();
    }

    @Test
    void putsNewPayloadsInTheConfiguredObjectStore() {
        PayloadStoreProducers producers = producers(S3);

        assertThat(producers.payloadStoreSettings()).isEqualTo(new PayloadStoreSettings(true, true));
        PayloadObjectStorePort store = producers.payloadObjectStore();
        assertThat(store).isInstanceOf(S3PayloadObjectStore.class);
        producers.close(store);
        assertThat(producers.newPayloadPutTimeout()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void readsAConfiguredObjectStoreWhileNewPayloadsGoToTheDatabase() {
        Map<String, String> properties = new HashMap<>(S3);
        properties.put("tambat.payloads.store", "database");
        PayloadStoreProducers producers = producers(properties);

        assertThat(producers.payloadStoreSettings()).isEqualTo(new PayloadStoreSettings(false, true));
        assertThat(producers.newPayloadPutTimeout()).isZero();
    }

    @Test
    void refusesAnUnknownStoreAndAnObjectStoreWithoutItsBucketOrRegion() {
        assertThatThrownBy(() -> producers(Map.of("tambat.payloads.store", "disk")).payloadStoreSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.payloads.store: must be database or s3");
        assertThatThrownBy(() -> producers(Map.of("tambat.payloads.store", "s3")).payloadStoreSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.payloads.s3.bucket: must be set when tambat.payloads.store is s3");
        Map<String, String> noRegion = new HashMap<>(S3);
        noRegion.remove("tambat.payloads.s3.region");
        assertThatThrownBy(() -> producers(noRegion).payloadStoreSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.payloads.s3.region: must be set with tambat.payloads.s3.bucket");
    }

    @Test
    void refusesAPutTimeoutAProviderWouldNotWaitForAndNeverEchoesTheSecretKey() {
        Map<String, String> properties = new HashMap<>(S3);
        properties.put("tambat.payloads.s3.put-timeout", "PT2S");
        properties.remove("tambat.payloads.s3.access-key");

        assertThatThrownBy(() -> producers(properties).payloadStoreSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.payloads.s3: ")
                .hasMessageNotContaining("secret-value");
    }
}
