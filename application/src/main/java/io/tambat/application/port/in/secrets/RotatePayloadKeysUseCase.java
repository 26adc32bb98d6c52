package io.tambat.application.port.in.secrets;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.Operator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Payload-key rotation as a procedure: put the new key first in {@code TAMBAT_PAYLOAD_KEYS} (the old one after
 * it), re-seal until nothing is left under the old key, then remove the old key.
 */
public interface RotatePayloadKeysUseCase {

    int MAX_ROWS_PER_CALL = 100_000;

    /**
     * Re-seals up to {@code maxRows} ciphertexts under the current key, in bounded batches of their own
     * transactions, in the background (a payload in the object store is read and written back, which takes
     * longer than a request should); the caller waits at most {@code wait}. Safe to interrupt and to run again,
     * and on several instances at once. Audited, with its count, as {@code payload_keys.reseal}.
     *
     * @throws io.tambat.domain.error.UnreadableCiphertextException within the wait, when a row names a key no
     *         longer configured
     */
    ActionAnswer<Resealed> reseal(Operator operator, int maxRows, Duration wait);

    /** The configured key ids (current first), how many ciphertexts each key seals now, and what is left to move. */
    KeyUse keyUse();

    /** @param actionId the re-seal's entry in the audit trail */
    record Resealed(UUID actionId, int resealed, KeyUse keyUse) {
    }

    /**
     * @param awaitingReseal ciphertexts a re-seal still has to move: under another key, or under the current key
     *                       the way they were sealed before
     */
    record KeyUse(List<String> configured, Map<String, Long> sealedPerKey, long awaitingReseal) {
    }
}
