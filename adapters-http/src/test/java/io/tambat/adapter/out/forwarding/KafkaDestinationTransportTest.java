package io.tambat.adapter.out.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.EventTypePatterns;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the producer's creation does to an attempt; sending to a broker is KafkaForwardingIT's. */
class KafkaDestinationTransportTest {

    private final KafkaDestinationTransport transport = new KafkaDestinationTransport();

    @AfterEach
    void closeProducers() {
        transport.close();
    }

    @ParameterizedTest
    @CsvSource({"retries, many, ConfigException", "linger.ms, soon, NumberFormatException"})
    void aProducerWhoseSettingsAreRefusedEndsTheAttemptNamingOnlyTheFailure(String setting, String value,
            String failure) {
        Destination destination = destination(Map.of(setting, value));

        DeliveryOutcome first = transport.send(destination, (DestinationTarget.Kafka) destination.target(), message());
        DeliveryOutcome second = transport.send(destination, (DestinationTarget.Kafka) destination.target(), message());

        DeliveryOutcome refused = new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(),
                "kafka: the producer could not be created (" + failure + ")");
        assertThat(first).isEqualTo(refused);
        assertThat(second).as("no broken producer kept: each attempt tries the settings again").isEqualTo(refused);
    }

    private static Destination destination(Map<String, String> producerSettings) {
        return new Destination("shop", Set.of(MessageType.EVENT), Optional.empty(), EventTypePatterns.any(),
                RetrySchedule.DEFAULT, Duration.ofSeconds(3), 1, Optional.empty(), Destination.Ordering.NONE,
                new DestinationTarget.Kafka("127.0.0.1:9", "orders", producerSettings));
    }

    private static ForwardMessage message() {
        return new ForwardMessage("msg_2vTq8Xk1", MessageType.EVENT,
                UUID.fromString("0190f3c2-7d1e-7a3b-9c4d-5e6f708192a3"), "payment_intent:pi_1", "stripe",
                "stripe-main", "payment_intent.succeeded", "evt_1", "application/json",
                "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8));
    }
}
