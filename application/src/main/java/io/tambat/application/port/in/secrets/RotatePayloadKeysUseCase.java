package io.tambat.application.port.in.secrets;

import java.util.List;
import java.util.Map;

/**
 * Payload-key rotation as a procedure: put the new key first in {@code TAMBAT_PAYLOAD_KEYS} (the old one after
 * it), re-seal until nothing is left under the old key, then remove the old key.
 */
public interface RotatePayloadKeysUseCase {

    int MAX_ROWS_PER_CALL = 100_000;

    /**
     * Re-seals up to {@code maxRows} ciphertexts under the current key, in bounded batches of their own
     * transactions; safe to interrupt and to run again, and on several instances at once.
     *
     * @throws io.tambat.domain.error.UnreadableCiphertextException when a row names a key no longer configured
     */
    Resealed reseal(int maxRows);

    /** The configured key ids (current first), how many ciphertexts each key seals now, and what is left to move. */
    KeyUse keyUse();

    record Resealed(int resealed, KeyUse keyUse) {
    }

    /**
     * @param awaitingReseal ciphertexts a re-seal still has to move: under another key, or under the current key
     *                       the way they were sealed before
     */
    record KeyUse(List<String> configured, Map<String, Long> sealedPerKey, long awaitingReseal) {
    }
}
