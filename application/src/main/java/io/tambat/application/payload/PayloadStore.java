package io.tambat.application.payload;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Seals payloads and keeps them where {@link PayloadStoreSettings} says, and opens them from wherever their rows
 * say they are. The object store only ever receives ciphertext, sealed with the row's identity as associated data.
 */
@ApplicationScoped
public class PayloadStore {

    private static final Logger LOG = Logger.getLogger(PayloadStore.class.getName());

    @Inject
    PayloadCipherPort cipher;

    @Inject
    PayloadObjectStorePort objects;

    @Inject
    PayloadStoreSettings settings;

    @Inject
    IngressMetricsPort metrics;

    /**
     * The body sealed for the row {@code inboxId} (bound to it by {@code associatedData}): in the object store, put
     * there before this returns, when new payloads go there; otherwise to be kept in the row. An object put here
     * whose row then never commits is an orphan, which {@link OrphanedPayloadObjects} deletes.
     *
     * @throws StoreUnavailableException when the object store did not take it within its put timeout
     */
    public StoredPayload keep(UUID inboxId, Instant receivedAt, byte[] body, byte[] associatedData) {
        SealedPayload sealed = cipher.seal(body, associatedData);
        if (!settings.newPayloadsInObjectStore()) {
            return new StoredPayload.InRow(sealed);
        }
        PayloadObjectKey key = PayloadObjectKey.of(receivedAt, inboxId);
        long started = System.nanoTime();
        objects.put(key, sealed);
        metrics.payloadPut(Duration.ofNanos(System.nanoTime() - started));
        return new StoredPayload.InObjectStore(key, sealed.keyId());
    }

    /**
     * The payload opened, read from the object store when its row names an object there; empty when that object
     * is gone (deleted outside the server, by a bucket lifecycle rule shorter than retention for example), which
     * is logged, as readers then treat the payload as purged.
     *
     * @throws StoreUnavailableException when the object store cannot answer
     */
    public Optional<byte[]> open(StoredPayload stored, byte[] associatedData) {
        return sealed(stored).map(sealed -> cipher.open(sealed, associatedData));
    }

    /** Deletes the objects once the transaction that stopped naming them has committed. */
    void released(@Observes(during = TransactionPhase.AFTER_SUCCESS) PayloadObjectsReleased released) {
        try {
            objects.delete(released.objects());
        } catch (StoreUnavailableException e) {
            // Nothing names them any more; the sweep has walked past hours that old: the lifecycle rule is the backstop.
            LOG.log(Level.WARNING, "{0} released payload object(s) not deleted; the bucket''s lifecycle rule removes "
                    + "them: {1}",
                    new Object[] {released.objects().size(), e.getMessage()});
        }
    }

    private Optional<SealedPayload> sealed(StoredPayload stored) {
        if (stored instanceof StoredPayload.InRow inRow) {
            return Optional.of(inRow.sealed());
        }
        StoredPayload.InObjectStore object = (StoredPayload.InObjectStore) stored;
        Optional<SealedPayload> found = objects.get(object.key(), object.keyId());
        if (found.isEmpty()) {
            LOG.warning(() -> "the payload object of inbox row " + object.key().inboxId()
                    + " is missing though the row names it; read as purged");
        }
        return found;
    }
}
