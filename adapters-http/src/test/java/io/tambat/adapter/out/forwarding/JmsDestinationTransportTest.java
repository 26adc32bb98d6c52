package io.tambat.adapter.out.forwarding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.EventTypePatterns;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.transaction.NotSupportedException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.UserTransaction;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The transaction around each send, against a recording {@link UserTransaction} and a provider faked by proxies:
 * whatever happens between begin and commit, the thread is given back with no transaction of this send's and the
 * default timeout.
 */
class JmsDestinationTransportTest {

    private static final String FACTORY = "jms/tambatFactory";
    private static final String QUEUE = "jms/shopQueue";

    private final JmsDestinationTransport transport = new JmsDestinationTransport();
    private final RecordingTransaction transaction = new RecordingTransaction();
    private final List<String> sent = new ArrayList<>();

    @BeforeEach
    void wire() {
        transport.clock = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);
        transport.transaction = transaction;
        transport.resources.put(QUEUE, fake(jakarta.jms.Queue.class, (self, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
        }));
    }

    @Test
    void commitsTheSendAndGivesTheThreadItsDefaultTimeoutBack() {
        providerAnswers(this::context);

        DeliveryOutcome outcome = transport.send(destination(), target(), message());

        assertThat(outcome).isEqualTo(new DeliveryOutcome.Delivered(Optional.empty()));
        assertThat(sent).containsExactly("sent to the queue");
        assertThat(transaction.calls).containsExactly("timeout 3", "begin", "commit", "timeout 0");
    }

    @Test
    void anErrorBetweenBeginAndCommitRollsBackAndRestoresTheDefaultTimeoutBeforeItGoesOn() {
        providerAnswers(() -> {
            throw new NoClassDefFoundError("com/example/jms/ProviderSession");
        });

        assertThatThrownBy(() -> transport.send(destination(), target(), message()))
                .isInstanceOf(NoClassDefFoundError.class);

        assertThat(transaction.calls).containsExactly("timeout 3", "begin", "rollback", "timeout 0");
        assertThat(transaction.status).isEqualTo(Status.STATUS_NO_TRANSACTION);
    }

    @Test
    void aProviderFailureBetweenBeginAndCommitRollsBackAndIsNotDelivered() {
        providerAnswers(() -> {
            throw new IllegalStateException("broker at amqp://user:secret@mq.internal refused");
        });

        DeliveryOutcome outcome = transport.send(destination(), target(), message());

        assertThat(outcome).isEqualTo(new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(),
                "jms: the send's transaction did not commit (IllegalStateException)"));
        assertThat(transaction.calls).containsExactly("timeout 3", "begin", "rollback", "timeout 0");
    }

    @Test
    void aCommitThatRollsBackIsNotDeliveredAndRestoresTheDefaultTimeout() {
        providerAnswers(this::context);
        transaction.commitRollsBack = true;

        DeliveryOutcome outcome = transport.send(destination(), target(), message());

        assertThat(outcome).isInstanceOfSatisfying(DeliveryOutcome.NotDelivered.class, notDelivered ->
                assertThat(notDelivered.reason()).endsWith("(RollbackException)"));
        assertThat(transaction.calls).as("nothing left to roll back").containsExactly("timeout 3", "begin", "commit",
                "timeout 0");
    }

    @Test
    void neverRollsBackATransactionItDidNotBegin() {
        providerAnswers(this::context);
        transaction.status = Status.STATUS_ACTIVE;

        DeliveryOutcome outcome = transport.send(destination(), target(), message());

        assertThat(outcome).isInstanceOfSatisfying(DeliveryOutcome.NotDelivered.class, notDelivered ->
                assertThat(notDelivered.reason()).endsWith("(NotSupportedException)"));
        assertThat(transaction.calls).containsExactly("timeout 3", "begin", "timeout 0");
        assertThat(transaction.status).isEqualTo(Status.STATUS_ACTIVE);
    }

    /** A UserTransaction as JTA describes one thread's: one transaction at a time. */
    private static final class RecordingTransaction implements UserTransaction {
        final List<String> calls = new ArrayList<>();
        int status = Status.STATUS_NO_TRANSACTION;
        boolean commitRollsBack;

        @Override
        public void begin() throws NotSupportedException {
            calls.add("begin");
            if (status != Status.STATUS_NO_TRANSACTION) {
                throw new NotSupportedException("nested transactions are not supported");
            }
            status = Status.STATUS_ACTIVE;
        }

        @Override
        public void commit() throws RollbackException {
            calls.add("commit");
            status = Status.STATUS_NO_TRANSACTION;
            if (commitRollsBack) {
                throw new RollbackException("a resource voted to roll back");
            }
        }

        @Override
        public void rollback() {
            calls.add("rollback");
            status = Status.STATUS_NO_TRANSACTION;
        }

        @Override
        public void setRollbackOnly() {
            throw new UnsupportedOperationException("setRollbackOnly");
        }

        @Override
        public int getStatus() {
            return status;
        }

        @Override
        public void setTransactionTimeout(int seconds) {
            calls.add("timeout " + seconds);
        }
    }

    private void providerAnswers(Supplier<JMSContext> createContext) {
        transport.resources.put(FACTORY, fake(ConnectionFactory.class, (self, method, args) -> {
            if (method.getName().equals("createContext") && method.getParameterCount() == 0) {
                return createContext.get();
            }
            throw new UnsupportedOperationException(method.getName());
        }));
    }

    /** A context whose producer records each send and whose messages take whatever they are given. */
    private JMSContext context() {
        BytesMessage bytes = fake(BytesMessage.class, (self, method, args) -> {
            if (method.getName().equals("writeBytes") || method.getName().equals("setStringProperty")) {
                return null;
            }
            throw new UnsupportedOperationException(method.getName());
        });
        JMSProducer producer = fake(JMSProducer.class, (self, method, args) -> {
            if (method.getName().equals("send")) {
                sent.add("sent to the queue");
            } else if (!method.getName().equals("setDeliveryMode")) {
                throw new UnsupportedOperationException(method.getName());
            }
            return self;
        });
        return fake(JMSContext.class, (self, method, args) -> switch (method.getName()) {
            case "createBytesMessage" -> bytes;
            case "createProducer" -> producer;
            case "close" -> null;
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    /** An instance of the interface answering as told, and as any object to {@code toString}, {@code equals}... */
    private static <T> T fake(Class<T> type, InvocationHandler answers) {
        return type.cast(Proxy.newProxyInstance(JmsDestinationTransportTest.class.getClassLoader(),
                new Class<?>[] {type}, (self, method, args) -> {
                    if (method.getDeclaringClass() != Object.class) {
                        return answers.invoke(self, method, args);
                    }
                    return switch (method.getName()) {
                        case "equals" -> self == args[0];
                        case "hashCode" -> System.identityHashCode(self);
                        default -> "fake " + type.getSimpleName();
                    };
                }));
    }

    private static Destination destination() {
        return new Destination("shop", Set.of(MessageType.EVENT), Optional.empty(), EventTypePatterns.any(),
                RetrySchedule.DEFAULT, Duration.ofSeconds(3), 1, Optional.empty(), Destination.Ordering.NONE,
                target());
    }

    private static DestinationTarget.Jms target() {
        return new DestinationTarget.Jms(FACTORY, QUEUE, false);
    }

    private static ForwardMessage message() {
        return new ForwardMessage("msg_2vTq8Xk1", MessageType.EVENT,
                UUID.fromString("0190f3c2-7d1e-7a3b-9c4d-5e6f708192a3"), "payment_intent:pi_1", "stripe",
                "stripe-main", "payment_intent.succeeded", "evt_1", "application/json",
                "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8));
    }
}
