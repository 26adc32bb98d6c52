package io.tambat.domain.model.forwarding;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/** Where and how a destination's messages go: its kind's own settings. */
public sealed interface DestinationTarget {

    /** As configured in {@code .kind}. */
    String kind();

    /** {@code POST <url>}, signed with every listed secret version (Standard Webhooks). */
    record Http(URI url, List<SigningSecret> secrets) implements DestinationTarget {
        public Http {
            Objects.requireNonNull(url);
            secrets = List.copyOf(secrets);
            if (secrets.isEmpty()) {
                throw new IllegalArgumentException("an HTTP destination needs a signing secret");
            }
        }

        @Override
        public String kind() {
            return "http";
        }

        @Override
        public String toString() {
            return "Http[" + url + ", " + secrets.size() + " secret version(s)]";
        }
    }

    /**
     * A record per message on {@code topic}, produced with {@code acks=all} and idempotence.
     *
     * @param producerProperties the shop's own producer settings ({@code security.protocol}, {@code sasl.*},
     *                           {@code ssl.*} ...): they may hold credentials, so they are never shown
     */
    record Kafka(String bootstrapServers, String topic, Map<String, String> producerProperties)
            implements DestinationTarget {

        /**
         * What forwarding's guarantees rest on (every acknowledgement from all replicas, one idempotent
         * producer, an attempt within the destination's timeout): set by Tambat, never by a destination.
         */
        public static final Set<String> FIXED_SETTINGS = Set.of("bootstrap.servers", "acks", "enable.idempotence",
                "key.serializer", "value.serializer", "delivery.timeout.ms", "max.block.ms", "transactional.id");

        private static final Pattern TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

        public Kafka {
            if (bootstrapServers == null || bootstrapServers.isBlank()) {
                throw new IllegalArgumentException("a Kafka destination needs its bootstrap servers");
            }
            if (topic == null || !TOPIC.matcher(topic).matches()) {
                throw new IllegalArgumentException("a Kafka topic is 1-249 of [a-zA-Z0-9._-]");
            }
            producerProperties = Map.copyOf(producerProperties);
            for (String name : producerProperties.keySet()) {
                if (FIXED_SETTINGS.contains(name)) {
                    throw new IllegalArgumentException("the producer setting " + name + " is Tambat's own");
                }
            }
        }

        @Override
        public String kind() {
            return "kafka";
        }

        @Override
        public String toString() {
            return "Kafka[" + topic + ", " + producerProperties.size() + " producer setting(s)]";
        }
    }

    /**
     * A persistent {@code BytesMessage} per message, sent to a queue or topic of the container's Jakarta
     * Messaging provider, both named by their JNDI names.
     */
    record Jms(String connectionFactory, String destination, boolean topic) implements DestinationTarget {
        public Jms {
            if (connectionFactory == null || connectionFactory.isBlank()) {
                throw new IllegalArgumentException("a JMS destination needs the JNDI name of a connection factory");
            }
            if (destination == null || destination.isBlank()) {
                throw new IllegalArgumentException("a JMS destination needs the JNDI name of a queue or a topic");
            }
        }

        @Override
        public String kind() {
            return "jms";
        }
    }
}
