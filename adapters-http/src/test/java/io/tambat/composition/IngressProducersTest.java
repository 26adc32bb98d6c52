package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IngressProducersTest {

    private static IngressProducers producers(Map<String, String> properties) {
        IngressProducers producers = new IngressProducers();
        producers.endpoints = ConfiguredWebhookEndpointsTest.load(properties);
        producers.config = new MapConfig(properties);
        producers.reader = new SettingsReader(producers.config);
        producers.payloadStore = PayloadStoreProducersTest.producers(properties);
        return producers;
    }

    @Test
    void waitsForACommitterWhatThePayloadPutLeavesOfTheTimeBeforeTheAnswer() {
        assertThat(producers(Map.of()).ingressSettings().groupCommit().maxWait()).isEqualTo(Duration.ofMillis(1500));
        assertThat(producers(PayloadStoreProducersTest.S3).ingressSettings().groupCommit().maxWait())
                .isEqualTo(Duration.ofMillis(1000));
    }

    @Test
    void refusesAPutTimeoutThatLeavesNoTimeToWaitForACommitter() {
        Map<String, String> properties = new HashMap<>(PayloadStoreProducersTest.S3);
        properties.put("tambat.payloads.s3.put-timeout", "PT1.6S");

        assertThatThrownBy(() -> producers(properties).ingressSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.payloads.s3.put-timeout: must be below 1500 ms");
    }

    @Test
    void refusesAWaitForACommitterThatWithThePayloadPutOutlastsAProvidersPatience() {
        Map<String, String> properties = new HashMap<>(PayloadStoreProducersTest.S3);
        properties.put("tambat.webhooks.group-commit.max-wait", "PT1.2S");

        assertThatThrownBy(() -> producers(properties).ingressSettings())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.webhooks.group-commit.max-wait: with the payload object store's put "
                        + "timeout (500 ms) must not exceed 1500 ms");
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
