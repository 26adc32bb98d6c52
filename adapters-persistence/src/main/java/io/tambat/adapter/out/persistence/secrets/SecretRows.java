package io.tambat.adapter.out.persistence.secrets;

import io.tambat.domain.model.webhook.SealedPayload;

/**
 * Reads the result rows of {@code webhook_secret} that native queries select. Each shape's select list stands
 * next to the method that reads it, so the two cannot drift apart. (Revisions are {@link KeyedNumber} rows.)
 */
final class SecretRows {

    /** A stored secret version as sealed, with the identity its ciphertext is bound to. */
    static final String SEALED_SECRET = "endpoint_id, version, secret_key_id, secret_ciphertext";

    private SecretRows() {
    }

    static SealedSecret sealedSecret(Object[] row) {
        return new SealedSecret((String) row[0], (String) row[1], new SealedPayload((String) row[2], (byte[]) row[3]));
    }

    /** A secret version's ciphertext and the endpoint and version it is bound to. */
    record SealedSecret(String endpointId, String version, SealedPayload payload) {

        byte[] associatedData() {
            return JpaSecretStoreAdapter.associatedData(endpointId, version);
        }
    }
}
