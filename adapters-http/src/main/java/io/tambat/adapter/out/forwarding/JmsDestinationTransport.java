package io.tambat.adapter.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.ForwardMessage;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.UserTransaction;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * A persistent {@code BytesMessage} per message, on the destination's queue or topic of the container's
 * Jakarta Messaging provider (Liberty's own engine, IBM MQ, ActiveMQ Artemis...), sent in a transaction of its
 * own: delivered once that commits. The message's headers are string properties named as Jakarta Messaging
 * allows ({@code webhook_id}, {@code tambat_message_type}, ...). The connection factory and the destination are
 * looked up by their JNDI names at the first send, so a resource defined after start is found then.
 */
@ApplicationScoped
class JmsDestinationTransport {

    private static final Logger LOG = Logger.getLogger(JmsDestinationTransport.class.getName());

    @Inject
    Clock clock;

    @Resource
    UserTransaction transaction;

    /** What each JNDI name is bound to, once looked up; a unit test puts its fakes here instead. */
    final Map<String, Object> resources = new ConcurrentHashMap<>();

    DeliveryOutcome send(Destination destination, DestinationTarget.Jms jms, ForwardMessage message) {
        ConnectionFactory factory;
        jakarta.jms.Destination target;
        try {
            factory = lookup(jms.connectionFactory(), ConnectionFactory.class);
            target = lookup(jms.destination(), jakarta.jms.Destination.class);
        } catch (NamingException | ClassCastException e) {
            LOG.log(Level.WARNING, "destination {0}: {1}", new Object[] {destination.id(), e.toString()});
            return notDelivered("jms: " + e.getClass().getSimpleName() + " looking up " + jms.connectionFactory()
                    + " or " + jms.destination());
        }
        try {
            return sendInItsOwnTransaction(destination, factory, target, message);
        } catch (JMSRuntimeException | JMSException e) {
            return notDelivered("jms: " + e.getClass().getSimpleName());
        } catch (Exception e) {
            return notDelivered("jms: the send's transaction did not commit (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * However it ends (an {@code Error} included), a transaction it began and did not commit is rolled back, and
     * the thread gets its default timeout back: under JTA the timeout set here applies to every transaction
     * begun later on this thread, and managed threads are pooled. A transaction it did not begin (one already
     * on the thread, which {@code begin} refuses) is not its own to roll back.
     */
    private DeliveryOutcome sendInItsOwnTransaction(Destination destination, ConnectionFactory factory,
            jakarta.jms.Destination target, ForwardMessage message) throws Exception {
        try {
            transaction.setTransactionTimeout((int) Math.max(1, destination.timeout().toSeconds()));
            transaction.begin();
            boolean committed = false;
            try {
                // Created inside the transaction, the container's context enlists in it: durable at commit.
                try (JMSContext context = factory.createContext()) {
                    context.createProducer().setDeliveryMode(DeliveryMode.PERSISTENT)
                            .send(target, bytes(context, message));
                }
                transaction.commit();
                committed = true;
            } finally {
                if (!committed) {
                    rollBack();
                }
            }
            return new DeliveryOutcome.Delivered(Optional.empty());
        } finally {
            restoreDefaultTimeout();
        }
    }

    private BytesMessage bytes(JMSContext context, ForwardMessage message) throws JMSException {
        BytesMessage bytes = context.createBytesMessage();
        bytes.writeBytes(message.body());
        for (Map.Entry<String, String> header : message.headers().entrySet()) {
            bytes.setStringProperty(propertyName(header.getKey()), header.getValue());
        }
        bytes.setStringProperty("webhook_timestamp", Long.toString(clock.instant().getEpochSecond()));
        bytes.setStringProperty("content_type", message.contentType());
        return bytes;
    }

    /** A header's name as a message property: Jakarta Messaging property names are Java identifiers. */
    static String propertyName(String header) {
        return header.replace('-', '_');
    }

    private <T> T lookup(String name, Class<T> type) throws NamingException {
        Object found = resources.get(name);
        if (found == null) {
            found = InitialContext.doLookup(name);
            resources.put(name, found);
        }
        return type.cast(found);
    }

    private void rollBack() {
        try {
            if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
                transaction.rollback();
            }
        } catch (SystemException | IllegalStateException | SecurityException e) {
            LOG.log(Level.WARNING, "rolling back a JMS send failed: {0}", e.getClass().getName());
        }
    }

    private void restoreDefaultTimeout() {
        try {
            // Zero restores the transaction service's default.
            transaction.setTransactionTimeout(0);
        } catch (SystemException e) {
            LOG.log(Level.WARNING, "restoring the default transaction timeout failed: {0}", e.getClass().getName());
        }
    }

    private static DeliveryOutcome notDelivered(String reason) {
        return new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(), reason);
    }
}
