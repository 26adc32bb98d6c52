package io.tambat.application.forwarding;

import io.tambat.application.work.StorageStatus;
import io.tambat.application.work.WorkScheduler;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.lifecycle.StorageReady;
import io.tambat.domain.port.out.forwarding.DeliverySignalsPort;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Wakes the senders when deliveries are committed, so that a message goes out as soon as it is stored rather
 * than at the next poll. This instance's own commits wake its sender directly. The other instances hear of them
 * through {@link DeliverySignalsPort}: one thread per instance holds the channel, passes on, at most once per
 * {@link #LISTEN_TURN}, that this instance committed deliveries, and wakes the sender when another did. The poll
 * stays as the backstop: a lost signal, or a channel down, costs latency, never a message.
 */
@ApplicationScoped
public class SenderWakeUp {

    /** How long the thread listens before it looks whether this instance has something to announce. */
    static final Duration LISTEN_TURN = Duration.ofMillis(20);

    private static final Logger LOG = Logger.getLogger(SenderWakeUp.class.getName());

    @Inject
    WorkScheduler work;

    @Inject
    DeliverySignalsPort signals;

    @Inject
    WorkSettings settings;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    private final AtomicBoolean toAnnounce = new AtomicBoolean();
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean stopped;

    /** Committed here: this instance's sender goes now, the others once the channel passes it on. */
    void recorded(@Observes(during = TransactionPhase.AFTER_SUCCESS) DeliveriesRecorded recorded) {
        work.wake(ForwardingWork.NAME);
        toAnnounce.set(true);
    }

    void start(@Observes @Priority(StorageStatus.AFTER_STARTUP_WORK) StorageReady ready) {
        if (started.compareAndSet(false, true)) {
            threads.newThread(this::keepListening).start();
        }
    }

    /**
     * Ends the relay as the application begins to stop: within one {@link #LISTEN_TURN} the thread closes the
     * channel, while the datasource is still there.
     */
    void stop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object context) {
        stopped = true;
    }

    /** Opens the channel and relays over it; opens it again after a failure, a poll interval later. */
    void keepListening() {
        boolean failing = false;
        while (!stopped) {
            try (DeliverySignalsPort.Channel channel = signals.open()) {
                if (failing) {
                    LOG.info("instances signal each other's deliveries again");
                    failing = false;
                }
                relay(channel);
            } catch (UnsupportedOperationException e) {
                LOG.log(Level.INFO, "instances find each other''s deliveries at their poll only: {0}",
                        e.getMessage());
                return;
            } catch (RuntimeException e) {
                if (!failing) {
                    LOG.log(Level.WARNING, "signals between instances failed ({0}); until they work again, each"
                            + " finds the others'' deliveries at its poll", e.getClass().getName());
                    failing = true;
                }
                pause(settings.pollInterval());
            }
        }
    }

    private void relay(DeliverySignalsPort.Channel channel) {
        while (!stopped) {
            if (toAnnounce.getAndSet(false)) {
                channel.announce();
            }
            if (channel.othersAnnounced(LISTEN_TURN)) {
                work.wake(ForwardingWork.NAME);
            }
        }
    }

    private void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
    }
}
