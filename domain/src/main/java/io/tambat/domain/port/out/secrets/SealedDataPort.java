package io.tambat.domain.port.out.secrets;

import java.util.Map;

/**
 * Everything stored sealed under a payload key (raw inbox payloads, signing secrets), seen as one body of
 * ciphertexts for key rotation. Methods join the caller's transaction.
 */
public interface SealedDataPort {

    /**
     * Re-seals up to {@code max} ciphertexts that name another sealing than the current one
     * ({@link PayloadCipherPort#currentSealing()}: another key, or the current key used the way it was before),
     * as ciphertexts are sealed now. Rows another transaction holds are skipped, so concurrent callers never wait
     * or collide; repeated calls finish the work (resumable at any point: a re-sealed row is never picked again).
     *
     * @return how many were re-sealed; 0 when nothing is left
     * @throws io.tambat.domain.error.UnreadableCiphertextException when a ciphertext cannot be opened with the
     *         configured keys (its key was removed before the rotation finished); nothing of the batch is kept
     *         then
     */
    int resealBatch(int max);

    /** How many ciphertexts each key id seals now, payloads and secrets together. */
    Map<String, Long> sealedPerKey();

    /** How many ciphertexts {@link #resealBatch} still has to move. */
    long awaitingReseal();
}
