package io.tambat.adapter.out.persistence.secrets;

import io.tambat.adapter.out.crypto.AesGcmPayloadCipher;
import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.KeyedNumber;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.adapter.out.persistence.secrets.SecretRows.SealedSecret;
import io.tambat.domain.error.MissingPayloadObjectException;
import io.tambat.domain.error.UnreadableCiphertextException;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Payload-key rotation on PostgreSQL: secrets first (they decide verification), then raw payloads, each
 * picked under {@code FOR UPDATE SKIP LOCKED} when it names another sealing than the current one (another key,
 * or the current key used directly), opened with the key it names and sealed again, with the same associated
 * data, as ciphertexts are sealed now.
 *
 * <p>A payload in the object store is read, re-sealed and put back under its key while its row stays locked, so
 * retention (which passes over locked rows) never drops the object meanwhile; then the row names the new sealing.
 * The put and the row's update are not atomic: when the batch rolls back after the put, the object is sealed as
 * now while its row still names the sealing before, so it does not open as its row says until the next batch,
 * finding that it opens under the current sealing, updates the row alone. An object that is gone (deleted behind
 * Tambat's back) cannot be re-sealed: its row stops naming it, as if retention had purged it, with a warning, so
 * that the rotation still finishes.
 */
@ApplicationScoped
class PostgresSealedDataAdapter implements SealedDataPort {


    private static final String SECRETS_TO_RESEAL = """
            SELECT endpoint_id, version, secret_key_id, secret_ciphertext FROM webhook_secret
            WHERE secret_key_id <> ?1
            LIMIT ?2
            FOR UPDATE SKIP LOCKED""";

    private static final String RESEAL_SECRET = """
            UPDATE webhook_secret SET secret_ciphertext = ?3, secret_key_id = ?4
            WHERE endpoint_id = ?1 AND version = ?2""";

    /** Retained payloads, in the row or in the object store, that name another sealing than {@code ?1}. */
    private static final String PAYLOADS_TO_RESEAL = """
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, payload_key_id, payload_ciphertext,
                payload_object
            FROM webhook_inbox
            WHERE (payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL) AND payload_key_id <> ?1
            LIMIT ?2
            FOR UPDATE SKIP LOCKED""";

    private static final String RESEAL_PAYLOAD = """
            UPDATE webhook_inbox SET payload_ciphertext = ?2, payload_key_id = ?3 WHERE inbox_id = CAST(?1 AS uuid)""";

    /** A payload object put back re-sealed: its row names the sealing it now has. */
    private static final String RESEALED_OBJECT = """
            UPDATE webhook_inbox SET payload_key_id = ?2 WHERE inbox_id = CAST(?1 AS uuid)""";

    private static final String SEALED_PER_KEY = """
            SELECT split_part(key_id, ?1, 1), sum(n) FROM (
                SELECT payload_key_id AS key_id, count(*) AS n FROM webhook_inbox
                WHERE payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL GROUP BY payload_key_id
                UNION ALL
                SELECT secret_key_id, count(*) FROM webhook_secret GROUP BY secret_key_id) sealed
            GROUP BY 1""";

    private static final String AWAITING_RESEAL = """
            SELECT (SELECT count(*) FROM webhook_inbox
                    WHERE (payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL) AND payload_key_id <> ?1)
                 + (SELECT count(*) FROM webhook_secret WHERE secret_key_id <> ?1)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Inject
    PayloadCipherPort cipher;

    @Inject
    PayloadObjectStorePort objects;

    @Override
    public int resealBatch(int max) {
        String current = cipher.currentSealing();
        return StorageCalls.call("payload re-seal", () -> {
            int done = 0;
            for (SealedSecret secret : NativeResults.rows(toReseal(SECRETS_TO_RESEAL, current, max),
                    SecretRows::sealedSecret)) {
                SealedPayload sealed = reseal(secret.payload(), secret.associatedData());
                em.createNativeQuery(RESEAL_SECRET).setParameter(1, secret.endpointId())
                        .setParameter(2, secret.version())
                        .setParameter(3, sealed.ciphertext()).setParameter(4, sealed.keyId()).executeUpdate();
                done++;
            }
            for (InboxEvent.Payload payload : NativeResults.rows(toReseal(PAYLOADS_TO_RESEAL, current, max - done),
                    PostgresSealedDataAdapter::retainedPayload)) {
                // Only retained payloads are selected: each is in its row or in the object store.
                StoredPayload stored = payload.stored().orElseThrow();
                if (stored instanceof StoredPayload.InRow inRow) {
                    SealedPayload sealed = reseal(inRow.sealed(), payload.associatedData());
                    em.createNativeQuery(RESEAL_PAYLOAD).setParameter(1, payload.inboxId().toString())
                            .setParameter(2, sealed.ciphertext()).setParameter(3, sealed.keyId()).executeUpdate();
                } else {
                    resealObject(payload, (StoredPayload.InObjectStore) stored, current);
                }
                done++;
            }
            return done;
        });
    }

    @Override
    public Map<String, Long> sealedPerKey() {
        return StorageCalls.call("sealed rows per key", () -> {
            Map<String, Long> counts = new TreeMap<>();
            NativeResults.rows(em.createNativeQuery(SEALED_PER_KEY)
                            .setParameter(1, AesGcmPayloadCipher.ROW_KEY_SUFFIX), KeyedNumber::of)
                    .forEach(count -> counts.put(count.key(), count.number()));
            return counts;
        });
    }

    @Override
    public long awaitingReseal() {
        return StorageCalls.call("ciphertexts awaiting re-seal", () -> ((Number) em.createNativeQuery(AWAITING_RESEAL)
                .setParameter(1, cipher.currentSealing()).getSingleResult()).longValue());
    }

    private SealedPayload reseal(SealedPayload stored, byte[] associatedData) {
        try {
            return cipher.seal(cipher.open(stored, associatedData), associatedData);
        } catch (IllegalStateException e) {
            throw new UnreadableCiphertextException("a row sealed under payload key " + AesGcmPayloadCipher.keyIdOf(stored.keyId())
                    + " does not open with the configured keys; configure that key again (after the current one) "
                    + "and re-seal");
        }
    }

    /**
     * Re-seals the object a row names and makes the row name the current sealing; an object already sealed so (put
     * by a batch that then rolled back) is left as it is.
     */
    private void resealObject(InboxEvent.Payload payload, StoredPayload.InObjectStore stored, String current) {
        String inboxId = payload.inboxId().toString();
        Optional<SealedPayload> object = objects.get(stored.key(), stored.keyId());
        if (object.isEmpty()) {
            throw new MissingPayloadObjectException(inboxId);
        }
        if (!opens(new SealedPayload(current, object.get().ciphertext()), payload.associatedData())) {
            objects.putInBackground(stored.key(), reseal(object.get(), payload.associatedData()));
        }
        em.createNativeQuery(RESEALED_OBJECT).setParameter(1, inboxId).setParameter(2, current).executeUpdate();
    }

    private boolean opens(SealedPayload sealed, byte[] associatedData) {
        try {
            cipher.open(sealed, associatedData);
            return true;
        } catch (IllegalStateException notSealedSo) {
            return false;
        }
    }

    /** Rows that name another sealing than the current one, at most {@code max}. */
    private Query toReseal(String sql, String currentKeyId, int max) {
        return em.createNativeQuery(sql).setParameter(1, currentKeyId).setParameter(2, max);
    }

    /** A retained payload, with the identity its ciphertext is bound to. */
    private static InboxEvent.Payload retainedPayload(Object[] row) {
        return new InboxEvent.Payload(ColumnValues.uuid(row[0]), (String) row[1], new EndpointId((String) row[2]),
                (String) row[3], ColumnValues.storedPayload(row[4], row[5], row[6]));
    }
}
