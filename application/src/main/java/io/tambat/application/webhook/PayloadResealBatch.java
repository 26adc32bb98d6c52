package io.tambat.application.webhook;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.UUID;

/** One batch of a payload-key rotation, in a transaction of its own so that row locks stay short. */
@ApplicationScoped
public class PayloadResealBatch {

    static final int SIZE = 200;

    @Inject
    SealedDataPort sealed;

    @Inject
    AuditTrail audit;

    /** @return how many ciphertexts were re-sealed; 0 when none is left under another key */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int next(UUID actionId, int max) {
        int resealed = sealed.resealBatch(max);
        audit.counted(actionId, resealed);
        return resealed;
    }
}
