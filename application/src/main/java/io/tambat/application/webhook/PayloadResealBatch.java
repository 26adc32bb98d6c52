package io.tambat.application.webhook;

import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** One batch of a payload-key rotation, in a transaction of its own so that row locks stay short. */
@ApplicationScoped
public class PayloadResealBatch {

    static final int SIZE = 200;

    @Inject
    SealedDataPort sealed;

    /** @return how many ciphertexts were re-sealed; 0 when none is left under another key */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int next(int max) {
        return sealed.resealBatch(max);
    }
}
