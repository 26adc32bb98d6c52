package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.provider.spi.SecretVersion;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfiguredDestinationsTest {

    private static final String SECRET = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3";

    @Test
    void readsAKafkaDestinationWithTheShopsProducerSettingsInEitherForm() {
        Destination events = load(Map.of(
                "tambat.forwarding.destinations", "order-events",
                "tambat.forwarding.destination.order-events.kind", "kafka",
                "tambat.forwarding.destination.order-events.messages", "events,state-changes",
                "tambat.forwarding.destination.order-events.bootstrap-servers", "kafka-1:9093,kafka-2:9093",
                "tambat.forwarding.destination.order-events.topic", "payments.events",
                "tambat.forwarding.destination.order-events.kafka.security.protocol", "SASL_SSL",
                "TAMBAT_FORWARDING_DESTINATION_ORDER_EVENTS_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512"));

        assertThat(events.messages()).containsExactlyInAnyOrder(MessageType.EVENT, MessageType.STATE_CHANGE);
        assertThat(events.target()).isEqualTo(new DestinationTarget.Kafka("kafka-1:9093,kafka-2:9093",
                "payments.events", Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512")));
    }

    @Test
    void refusesToLetADestinationLoosenWhatDeliveryRestsOnOrShowsNoCredential() {
        assertThatThrownBy(() -> load(Map.of(
                "tambat.forwarding.destinations", "order-events",
                "tambat.forwarding.destination.order-events.kind", "kafka",
                "tambat.forwarding.destination.order-events.bootstrap-servers", "kafka-1:9093",
                "tambat.forwarding.destination.order-events.topic", "payments.events",
                "tambat.forwarding.destination.order-events.kafka.sasl.jaas.config", "password=\"hunter2\"",
                "tambat.forwarding.destination.order-events.kafka.acks", "1")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("acks is Tambat's own")
                .hasMessageNotContaining("hunter2");
        assertThat(new DestinationTarget.Kafka("kafka-1:9093", "t", Map.of("sasl.jaas.config", "hunter2")).toString())
                .doesNotContain("hunter2");
    }

    @Test
    void namesTheMissingKafkaSettingAndABadTopic() {
        Map<String, String> base = new HashMap<>(Map.of(
                "tambat.forwarding.destinations", "order-events",
                "tambat.forwarding.destination.order-events.kind", "kafka",
                "tambat.forwarding.destination.order-events.topic", "payments.events"));
        assertThatThrownBy(() -> load(base)).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.forwarding.destination.order-events.bootstrap-servers: is required");

        base.put("tambat.forwarding.destination.order-events.bootstrap-servers", "kafka-1:9093");
        base.put("tambat.forwarding.destination.order-events.topic", "payments events");
        assertThatThrownBy(() -> load(base)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("a Kafka topic is 1-249 of [a-zA-Z0-9._-]");
    }

    @Test
    void readsAnHttpDestinationTakingStateChangesAndRefusesAnUnknownKind() {
        Destination listener = load(Map.of(
                "tambat.forwarding.destinations", "listener",
                "tambat.forwarding.destination.listener.kind", "http",
                "tambat.forwarding.destination.listener.messages", "state-changes",
                "tambat.forwarding.destination.listener.url", "http://127.0.0.1:9097/",
                "tambat.forwarding.destination.listener.secrets", "v1:" + SECRET));
        assertThat(listener.messages()).containsExactly(MessageType.STATE_CHANGE);

        assertThatThrownBy(() -> load(Map.of(
                "tambat.forwarding.destinations", "listener",
                "tambat.forwarding.destination.listener.kind", "smtp")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("tambat.forwarding.destination.listener.kind: must be http, kafka or jms");
    }

    @Test
    void readsAJmsDestinationNamingEitherAQueueOrATopic() {
        Map<String, String> queue = new HashMap<>(Map.of(
                "tambat.forwarding.destinations", "ledger",
                "tambat.forwarding.destination.ledger.kind", "jms",
                "tambat.forwarding.destination.ledger.connection-factory", "jms/tambat",
                "tambat.forwarding.destination.ledger.queue", "jms/ledgerEvents"));
        assertThat(load(queue).target()).isEqualTo(new DestinationTarget.Jms("jms/tambat", "jms/ledgerEvents", false));

        queue.put("tambat.forwarding.destination.ledger.topic", "jms/ledgerTopic");
        assertThatThrownBy(() -> load(queue)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("either a queue or a topic");
        queue.remove("tambat.forwarding.destination.ledger.queue");
        assertThat(load(queue).target()).isEqualTo(new DestinationTarget.Jms("jms/tambat", "jms/ledgerTopic", true));
    }

    private static Destination load(Map<String, String> properties) {
        ConfiguredDestinations configured = new ConfiguredDestinations();
        configured.config = new MapConfig(properties);
        configured.endpoints = new NoEndpoints();
        return configured.destinations().all().get(0);
    }

    private static final class NoEndpoints implements WebhookEndpointsPort {
        @Override
        public Optional<WebhookEndpoint> find(String endpointId) {
            return Optional.empty();
        }

        @Override
        public List<WebhookEndpoint> all() {
            return List.of();
        }

        @Override
        public List<SecretVersion> configuredSecrets(WebhookEndpoint endpoint) {
            return List.of();
        }
    }
}
