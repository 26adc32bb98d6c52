package io.tambat.adapter.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.ForwardMessage;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One record per message on the destination's topic: the body as the value, the message's headers as record
 * headers (no signature: the broker authenticates), its ordering key as the record key, so one object's
 * messages share a partition. Delivered only once the broker acknowledged it ({@code acks=all}, idempotent
 * producer). One producer per destination, shared by its in-flight sends; a producer that hit an error it
 * cannot recover from is closed, and the next attempt opens a new one.
 */
@ApplicationScoped
class KafkaDestinationTransport {

    private static final Logger LOG = Logger.getLogger(KafkaDestinationTransport.class.getName());

    @Inject
    Clock clock;

    private final Map<String, Producer<byte[], byte[]>> producers = new ConcurrentHashMap<>();

    DeliveryOutcome send(Destination destination, DestinationTarget.Kafka kafka, ForwardMessage message) {
        Producer<byte[], byte[]> producer;
        try {
            producer = producers.computeIfAbsent(destination.id(), id -> open(destination, kafka));
        } catch (KafkaException | IllegalArgumentException e) {
            // The shop's settings refused (a ConfigException, a linger.ms that is no number): every attempt ends
            // so until they are corrected, and its error says the producer failed, not a send.
            return notDelivered("kafka: the producer could not be created (" + e.getClass().getSimpleName() + ")");
        }
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(kafka.topic(), null,
                message.orderingKey().getBytes(StandardCharsets.UTF_8), message.body(), headers(message));
        long deadline = System.nanoTime() + destination.timeout().toNanos();
        try {
            // send blocks while it has no metadata for the topic (a broker down): that counts against the attempt.
            Future<RecordMetadata> acknowledged = producer.send(record);
            acknowledged.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return new DeliveryOutcome.Delivered(Optional.empty());
        } catch (ExecutionException e) {
            return refused(destination, producer, e.getCause());
        } catch (KafkaException e) {
            return refused(destination, producer, e);
        } catch (IllegalStateException e) {
            // Closed by a send that failed beside this one: the next attempt opens a new producer.
            producers.remove(destination.id(), producer);
            return notDelivered("kafka: the producer was closed");
        } catch (TimeoutException e) {
            return notDelivered("timeout: the broker did not acknowledge within " + destination.timeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notDelivered("interrupted");
        }
    }

    @PreDestroy
    void close() {
        producers.values().forEach(producer -> producer.close(Duration.ofSeconds(5)));
        producers.clear();
    }

    private List<Header> headers(ForwardMessage message) {
        List<Header> headers = new ArrayList<>();
        message.headers().forEach((name, value) -> headers.add(header(name, value)));
        headers.add(header("webhook-timestamp", Long.toString(clock.instant().getEpochSecond())));
        headers.add(header("content-type", message.contentType()));
        return headers;
    }

    private static Header header(String name, String value) {
        return new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The producer retries what is retriable within the attempt's time; what reaches here is the attempt's end.
     * An error it cannot recover from leaves the producer unusable: it is replaced for the next attempt.
     */
    private DeliveryOutcome refused(Destination destination, Producer<byte[], byte[]> producer, Throwable cause) {
        if (!(cause instanceof RetriableException) && producers.remove(destination.id(), producer)) {
            LOG.log(Level.WARNING, "the Kafka producer of destination {0} is replaced after {1}",
                    new Object[] {destination.id(), cause.getClass().getName()});
            producer.close(Duration.ZERO);
        }
        return notDelivered("kafka: " + cause.getClass().getSimpleName());
    }

    private static DeliveryOutcome notDelivered(String reason) {
        return new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(), reason);
    }

    /**
     * The shop's settings, then the fixed ones. An attempt may take the destination's timeout in all: blocking
     * for metadata, then the producer's own retries until the acknowledgement.
     */
    private static Producer<byte[], byte[]> open(Destination destination, DestinationTarget.Kafka kafka) {
        Properties properties = new Properties();
        properties.putAll(kafka.producerProperties());
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tambat-" + destination.id());
        long timeout = destination.timeout().toMillis();
        long linger = Long.parseLong(properties.getProperty(ProducerConfig.LINGER_MS_CONFIG, "5"));
        properties.put(ProducerConfig.LINGER_MS_CONFIG, Long.toString(linger));
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(timeout));
        properties.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(timeout));
        // The producer requires delivery.timeout.ms >= linger.ms + request.timeout.ms.
        long requestTimeout = Math.min(Long.parseLong(properties.getProperty(
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "30000")), Math.max(1, timeout - linger));
        properties.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(requestTimeout));
        // Serializer instances, not class names: the client would load names through the thread's class loader.
        return new KafkaProducer<>(properties, new ByteArraySerializer(), new ByteArraySerializer());
    }
}
