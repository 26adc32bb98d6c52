package io.tambat.application.webhook;

import io.tambat.application.operator.BackgroundActions;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.application.port.in.secrets.RotatePayloadKeysUseCase;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;

/** Re-seals stored ciphertexts under the current payload key, one short transaction per batch, as a bulk action. */
@ApplicationScoped
public class PayloadKeyRotation implements RotatePayloadKeysUseCase {

    private static final Logger LOG = Logger.getLogger(PayloadKeyRotation.class.getName());

    @Inject
    PayloadResealBatch batches;

    @Inject
    SealedDataPort sealed;

    @Inject
    PayloadCipherPort cipher;

    @Inject
    BackgroundActions actions;

    @Override
    public ActionAnswer<Resealed> reseal(Operator operator, int maxRows, Duration wait) {
        return actions.run(operator, OperatorAction.Kind.PAYLOAD_RESEAL, Map.of("limit", String.valueOf(maxRows)),
                wait, actionId -> resealed(actionId, maxRows));
    }

    private Resealed resealed(UUID actionId, int maxRows) {
        int total = 0;
        while (total < maxRows) {
            int done = batches.next(actionId, Math.min(PayloadResealBatch.SIZE, maxRows - total));
            total += done;
            if (done == 0) {
                break;
            }
        }
        int resealed = total;
        LOG.info(() -> "re-sealed " + resealed + " ciphertext(s) under payload key " + cipher.keyIds().get(0));
        return new Resealed(actionId, total, keyUse());
    }

    @Override
    public KeyUse keyUse() {
        return new KeyUse(cipher.keyIds(), sealed.sealedPerKey(), sealed.awaitingReseal());
    }
}
