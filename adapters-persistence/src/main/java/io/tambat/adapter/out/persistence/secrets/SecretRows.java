package io.tambat.adapter.out.persistence.secrets;

import io.tambat.domain.model.webhook.SealedPayload;

/**
 * Reads the result rows of {@code webhook_secret} that native queries select, in the order
 * {@link PostgresSealedDataAdapter}'s {@code SECRETS_TO_RESEAL} selects the columns. (Revisions are
 * {@link KeyedNumber} rows.)
 */
final class SecretRows {

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
