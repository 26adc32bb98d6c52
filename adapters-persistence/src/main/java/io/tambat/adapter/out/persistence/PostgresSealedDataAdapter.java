package io.tambat.adapter.out.persistence;

import io.tambat.domain.error.UnreadableCiphertextException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.PayloadCipherPort;
import io.tambat.domain.port.out.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Payload-key rotation on PostgreSQL: secrets first (they decide verification), then raw payloads, each
 * picked under {@code FOR UPDATE SKIP LOCKED} when sealed under another key than the current one, opened
 * with the key it names and sealed again, with the same associated data, under the current one.
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

    private static final String PAYLOADS_TO_RESEAL = """
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, payload_key_id, payload_ciphertext
            FROM webhook_inbox
            WHERE payload_ciphertext IS NOT NULL AND payload_key_id <> ?1
            LIMIT ?2
            FOR UPDATE SKIP LOCKED""";

    private static final String RESEAL_PAYLOAD = """
            UPDATE webhook_inbox SET payload_ciphertext = ?2, payload_key_id = ?3 WHERE inbox_id = CAST(?1 AS uuid)""";

    private static final String SEALED_PER_KEY = """
            SELECT key_id, sum(n) FROM (
                SELECT payload_key_id AS key_id, count(*) AS n FROM webhook_inbox
                WHERE payload_ciphertext IS NOT NULL GROUP BY payload_key_id
                UNION ALL
                SELECT secret_key_id, count(*) FROM webhook_secret GROUP BY secret_key_id) sealed
            GROUP BY key_id""";

    private static final String TRUSTED_SECRETS = """
            SELECT endpoint_id, version, secret_key_id, secret_ciphertext FROM webhook_secret
            WHERE retired_at IS NULL ORDER BY endpoint_id, version""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Inject
    PayloadCipherPort cipher;

    @Override
    public int resealBatch(int max) {
        String current = cipher.keyIds().get(0);
        return StorageCalls.call("payload re-seal", () -> {
            int done = 0;
            for (Object[] row : rows(SECRETS_TO_RESEAL, current, max)) {
                SealedPayload sealed = reseal((String) row[2], (byte[]) row[3],
                        JpaSecretStoreAdapter.associatedData((String) row[0], (String) row[1]));
                em.createNativeQuery(RESEAL_SECRET).setParameter(1, row[0]).setParameter(2, row[1])
                        .setParameter(3, sealed.ciphertext()).setParameter(4, sealed.keyId()).executeUpdate();
                done++;
            }
            for (Object[] row : rows(PAYLOADS_TO_RESEAL, current, max - done)) {
                SealedPayload sealed = reseal((String) row[4], (byte[]) row[5], NewInboxEntry.payloadAssociatedData(
                        NativeRows.uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3]));
                em.createNativeQuery(RESEAL_PAYLOAD).setParameter(1, row[0])
                        .setParameter(2, sealed.ciphertext()).setParameter(3, sealed.keyId()).executeUpdate();
                done++;
            }
            return done;
        });
    }

    @Override
    public Map<String, Long> sealedPerKey() {
        return StorageCalls.call("sealed rows per key", () -> {
            Map<String, Long> counts = new TreeMap<>();
            for (Object[] row : rows(SEALED_PER_KEY)) {
                counts.put((String) row[0], NativeRows.number(row[1]));
            }
            return counts;
        });
    }

    @Override
    public List<String> unreadableSecrets() {
        return StorageCalls.call("secret readability", () -> {
            List<String> unreadable = new ArrayList<>();
            for (Object[] row : rows(TRUSTED_SECRETS)) {
                try {
                    cipher.open(new SealedPayload((String) row[2], (byte[]) row[3]),
                            JpaSecretStoreAdapter.associatedData((String) row[0], (String) row[1]));
                } catch (IllegalStateException e) {
                    unreadable.add(row[0] + "/" + row[1] + " (key " + row[2] + ")");
                }
            }
            return unreadable;
        });
    }

    private SealedPayload reseal(String keyId, byte[] ciphertext, byte[] associatedData) {
        try {
            return cipher.seal(cipher.open(new SealedPayload(keyId, ciphertext), associatedData), associatedData);
        } catch (IllegalStateException e) {
            throw new UnreadableCiphertextException("a row sealed under payload key " + keyId + " does not open with "
                    + "the configured keys; configure that key again (after the current one) and re-seal");
        }
    }

    @SuppressWarnings("unchecked")
    private List<Object[]> rows(String sql, Object... parameters) {
        var query = em.createNativeQuery(sql);
        for (int i = 0; i < parameters.length; i++) {
            query.setParameter(i + 1, parameters[i]);
        }
        return query.getResultList();
    }
}
