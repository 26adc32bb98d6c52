package io.tambat.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A real Kafka broker in KRaft mode (broker and controller in one node), run from the Maven Central jars as a
 * process of its own, on loopback ports, its log in a directory of its own. A restart kills it (as a crash
 * would) and starts it again on the same ports and data; nothing is downloaded.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Duration READY = Duration.ofSeconds(60);

    private final Path directory;
    private final int port;
    private final int controllerPort;
    private Process process;

    private KafkaBroker(Path directory, int port, int controllerPort) {
        this.directory = directory;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** Formats a fresh log directory and starts the broker; returns once it answers. */
    public static KafkaBroker started(String name) {
        Path directory = Path.of(System.getProperty("tambat.it.work", "target/it-work"), "kafka-" + name)
                .toAbsolutePath();
        KafkaBroker broker = new KafkaBroker(directory, FreePorts.next(), FreePorts.next());
        broker.format();
        return broker.start();
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public void createTopic(String topic, int partitions) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot create topic " + topic, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every record on the topic so far, read from the beginning of each partition until none comes for a while. */
    public List<ConsumerRecord<byte[], byte[]>> records(String topic) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            Instant deadline = Instant.now().plusSeconds(30);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))
                    && Instant.now().isBefore(deadline)) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        return records;
    }

    /** Kills the broker (SIGKILL) and starts it again on its data: what it acknowledged is still there. */
    public void restart() {
        kill();
        start();
    }

    /** SIGKILL, and it stays down until {@link #start()}. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public KafkaBroker start() {
        process = run(List.of("kafka.Kafka", configuration().toString()), "broker.log", true);
        awaitReady();
        return this;
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill();
            }
        }
    }

    private void format() {
        try {
            if (Files.exists(directory)) {
                try (var paths = Files.walk(directory)) {
                    paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
            Files.createDirectories(directory);
            Files.writeString(configuration(), String.join("\n",
                    "process.roles=broker,controller",
                    "node.id=1",
                    "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                    "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                    "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                    "controller.listener.names=CONTROLLER",
                    "inter.broker.listener.name=PLAINTEXT",
                    "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                    "log.dirs=" + directory.resolve("data"),
                    "num.partitions=1",
                    "offsets.topic.replication.factor=1",
                    "transaction.state.log.replication.factor=1",
                    "transaction.state.log.min.isr=1",
                    "share.coordinator.state.topic.replication.factor=1",
                    "share.coordinator.state.topic.min.isr=1",
                    "group.initial.rebalance.delay.ms=0",
                    "auto.create.topics.enable=false",
                    ""), StandardCharsets.UTF_8);
            Process formatting = run(List.of("kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(),
                    "-c", configuration().toString()), "format.log", false);
            if (!formatting.waitFor(60, TimeUnit.SECONDS) || formatting.exitValue() != 0) {
                throw new IllegalStateException("formatting the broker's storage failed; see " + directory
                        .resolve("format.log"));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Path configuration() {
        return directory.resolve("server.properties");
    }

    private Process run(List<String> mainAndArguments, String log, boolean append) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-cp", classpath()));
        command.addAll(mainAndArguments);
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.redirectOutput(append ? ProcessBuilder.Redirect.appendTo(directory.resolve(log).toFile())
                    : ProcessBuilder.Redirect.to(directory.resolve(log).toFile()));
            return builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + mainAndArguments.get(0), e);
        }
    }

    private void awaitReady() {
        Instant deadline = Instant.now().plus(READY);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                3_000))) {
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the Kafka broker exited with " + process.exitValue() + "; see "
                            + directory.resolve("broker.log"));
                }
                try {
                    if (!admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | java.util.concurrent.TimeoutException notYet) {
                    TambatServerProcess.sleep(Duration.ofMillis(250));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("the Kafka broker did not answer within " + READY);
    }

    private static String classpath() {
        try {
            return Files.readString(Path.of(System.getProperty("tambat.it.kafka.classpath",
                    "target/kafka-broker.classpath"))).trim();
        } catch (IOException e) {
            throw new IllegalStateException("the broker's class path is written by the build (dependency:build-classpath)",
                    e);
        }
    }
}
