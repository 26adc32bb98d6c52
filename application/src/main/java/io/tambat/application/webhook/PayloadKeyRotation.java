package io.tambat.application.webhook;

import io.tambat.application.port.in.secrets.RotatePayloadKeysUseCase;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Logger;

/** Re-seals stored ciphertexts under the current payload key, one short transaction per batch. */
@ApplicationScoped
public class PayloadKeyRotation implements RotatePayloadKeysUseCase {

    private static final Logger LOG = Logger.getLogger(PayloadKeyRotation.class.getName());

    @Inject
    PayloadResealBatch batches;

    @Inject
    SealedDataPort sealed;

    @Inject
    PayloadCipherPort cipher;

    @Override
    public Resealed reseal(int maxRows) {
        int total = 0;
        while (total < maxRows) {
            int done = batches.next(Math.min(PayloadResealBatch.SIZE, maxRows - total));
            total += done;
            if (done == 0) {
                break;
            }
        }
        int resealed = total;
        LOG.info(() -> "re-sealed " + resealed + " ciphertext(s) under payload key " + cipher.keyIds().get(0));
        return new Resealed(total, keyUse());
    }

    @Override
    public KeyUse keyUse() {
        return new KeyUse(cipher.keyIds(), sealed.sealedPerKey(), sealed.awaitingReseal());
    }
}
