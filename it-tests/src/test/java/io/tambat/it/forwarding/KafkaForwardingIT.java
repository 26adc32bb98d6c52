package io.tambat.it.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.KafkaBroker;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Events and state changes forwarded from the runnable jar to a real Kafka broker (KRaft, its own process),
 * through a broker restart and a broker down for a while. After each: every message on the topic at least
 * once, each copy with its one id in {@code webhook-id}, keyed by its object; asserted on the records and on
 * {@code forward_delivery}.
 */
class KafkaForwardingIT {

    private static final String SCHEMA = "tambat_forwarding_kafka";
    private static final String TOPIC = "shop.payments";

    @RegisterExtension
    final ForwardedEvents events = new ForwardedEvents(SCHEMA);
    private final TestDatabase db = events.db();

    @Test
    void everyEventAndStateChangeIsOneRecordKeyedByItsObjectWithItsIdHeadersAndExactBody() {
        try (KafkaBroker broker = KafkaBroker.started("records")) {
            broker.createTopic(TOPIC, 3);
            try (TambatServerProcess server = server(broker, "MESSAGES", "events,state-changes", "ORDERING",
                    "per-object").start()
                    .awaitReady(ProcessingServers.READY)) {
                Map<String, String> objects = new LinkedHashMap<>();
                Map<String, byte[]> bodies = new HashMap<>();
                for (int i = 0; i < 3; i++) {
                    String objectId = "pay_" + UUID.randomUUID();
                    for (int version = 1; version <= 2; version++) {
                        String state = version == 1 ? "succeeded" : "refunded";
                        String inboxId = events.deliverAndProcess(server.baseUri(), objectId, version, state);
                        objects.put(inboxId, objectId);
                        bodies.put(inboxId, ProcessingServers.paymentEvent(objectId, version, state));
                    }
                }

                assertThat(events.awaitAllDelivered("stream")).isEqualTo(12);
                List<ConsumerRecord<byte[], byte[]>> records = broker.records(TOPIC);
                assertThat(records).hasSize(12);
                Map<String, List<ConsumerRecord<byte[], byte[]>>> byId = records.stream()
                        .collect(Collectors.groupingBy(record -> header(record, "webhook-id")));
                assertThat(byId).as("one record per message").allSatisfy((id, copies) -> assertThat(copies).hasSize(1));
                for (Map<String, Object> row : db.rows("SELECT message_id, message_type, inbox_id::text AS inbox_id "
                        + "FROM forward_delivery WHERE destination_id = 'stream'")) {
                    String inboxId = (String) row.get("inbox_id");
                    String objectId = objects.get(inboxId);
                    ConsumerRecord<byte[], byte[]> record = byId.get((String) row.get("message_id")).get(0);
                    assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("standard:std:" + objectId);
                    assertThat(header(record, "tambat-message-type")).isEqualTo(row.get("message_type"));
                    assertThat(header(record, "tambat-inbox-id")).isEqualTo(inboxId);
                    assertThat(header(record, "tambat-provider")).isEqualTo("standard");
                    assertThat(header(record, "tambat-endpoint")).isEqualTo("std");
                    assertThat(header(record, "tambat-event-type")).isEqualTo("payment.updated");
                    assertThat(header(record, "content-type")).isEqualTo("application/json");
                    assertThat(record.headers().lastHeader("webhook-signature")).as("the broker authenticates")
                            .isNull();
                    if (row.get("message_type").equals("event")) {
                        assertThat(record.value()).isEqualTo(bodies.get(inboxId));
                    } else {
                        assertThat(new String(record.value(), StandardCharsets.UTF_8))
                                .contains("\"type\":\"object.state-changed\"", "\"object_id\":\"" + objectId + "\"");
                    }
                }
                Map<String, Set<Integer>> partitionsByKey = records.stream().collect(Collectors.groupingBy(
                        record -> new String(record.key(), StandardCharsets.UTF_8),
                        Collectors.mapping(ConsumerRecord::partition, Collectors.toSet())));
                assertThat(partitionsByKey).as("an object's four messages share one partition").hasSize(3)
                        .allSatisfy((key, partitions) -> assertThat(partitions).hasSize(1));
                Map<String, List<String>> inPartitionOrder = records.stream()
                        .sorted(Comparator.comparingLong(ConsumerRecord::offset))
                        .collect(Collectors.groupingBy(record -> new String(record.key(), StandardCharsets.UTF_8),
                                LinkedHashMap::new, Collectors.mapping(record -> header(record, "webhook-id"),
                                        Collectors.toList())));
                Map<String, List<String>> inCommitOrder = db.rows("SELECT ordering_key, message_id FROM "
                        + "forward_delivery WHERE destination_id = 'stream' ORDER BY delivery_id").stream()
                        .collect(Collectors.groupingBy(row -> (String) row.get("ordering_key"), LinkedHashMap::new,
                                Collectors.mapping(row -> (String) row.get("message_id"), Collectors.toList())));
                assertThat(inPartitionOrder).as("per-object ordering: each key's records in the order their causes "
                        + "committed").isEqualTo(inCommitOrder);
            }
        }
    }

    @Test
    void aBrokerRestartedMidStreamOrDownForAWhileLosesNoMessage() {
        try (KafkaBroker broker = KafkaBroker.started("restart")) {
            broker.createTopic(TOPIC, 3);
            try (TambatServerProcess server = server(broker, "TIMEOUT", "PT5S", "RETRY_SCHEDULE",
                    "PT1S,PT1S,PT2S,PT2S,PT5S,PT5S,PT5S,PT5S").start().awaitReady(ProcessingServers.READY)) {
                List<String> sent = new ArrayList<>();
                for (int i = 0; i < 30; i++) {
                    sent.add(events.deliverOne(server.baseUri()));
                    if (i == 10) {
                        broker.restart();
                    }
                }
                broker.kill();
                for (int i = 0; i < 5; i++) {
                    sent.add(events.deliverOne(server.baseUri()));
                }
                Eventually.within(ForwardedEvents.CONVERGENCE, () -> assertThat(db.count("SELECT count(*) FROM "
                        + "forward_delivery WHERE destination_id = 'stream' AND status = 'PENDING' "
                        + "AND attempt_count > 0 AND last_error IS NOT NULL")).isPositive());
                broker.start();

                assertThat(events.awaitAllDelivered("stream")).isEqualTo(sent.size());
                Map<String, Long> copies = broker.records(TOPIC).stream().collect(Collectors.groupingBy(
                        record -> header(record, "webhook-id"), HashMap::new, Collectors.counting()));
                assertThat(copies.keySet()).as("every message, under its inbox id").containsAll(sent);
                assertThat(copies.keySet()).hasSize(sent.size());
            }
        }
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    private TambatServerProcess server(KafkaBroker broker, String... properties) {
        String[] all = new String[properties.length + 4];
        all[0] = "BOOTSTRAP_SERVERS";
        all[1] = broker.bootstrapServers();
        all[2] = "TOPIC";
        all[3] = TOPIC;
        System.arraycopy(properties, 0, all, 4, properties.length);
        return events.server("forwarding-kafka",
                DestinationSettings.together(DestinationSettings.of("stream", "kafka", all)));
    }
}
