package io.tambat.application.payload;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.error.MissingPayloadObjectException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * One batch of a payload move, in a transaction of its own, so that row locks stay short. The ciphertext moves as
 * it was sealed: the object store receives what the row held, and the row receives what the object holds.
 *
 * <p>An object the move puts is named after the hour it is put in, not the hour its delivery was received: the
 * orphan sweep looks only at hours that ended an hour ago, so it never takes an object whose row's change has not
 * committed yet for an orphan. A batch that rolls back leaves the objects it put unnamed, and the sweep deletes
 * them. Objects moved back to the rows are deleted once the batch commits.
 */
@ApplicationScoped
public class PayloadMoveBatch {

    static final int SIZE = 100;

    @Inject
    PayloadMovePort rows;

    @Inject
    PayloadObjectStorePort objects;

    @Inject
    AuditTrail audit;

    @Inject
    Event<PayloadObjectsReleased> released;

    @Inject
    Clock clock;

    /** @return how many payloads it moved to the object store; 0 when none is left in the rows */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int toObjectStore(UUID actionId) {
        List<PayloadMovePort.InRow> held = rows.heldInRows(SIZE);
        for (PayloadMovePort.InRow row : held) {
            PayloadObjectKey key = PayloadObjectKey.of(clock.instant(), row.inboxId());
            objects.putInBackground(key, row.sealed());
            rows.movedToObjectStore(row.inboxId(), key);
        }
        audit.counted(actionId, held.size());
        return held.size();
    }

    /**
     * @return how many payloads it moved back to their rows; 0 when no row names an object any more
     * @throws MissingPayloadObjectException when a row names an object the store does not have: nothing of the
     *         batch is kept
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int toRows(UUID actionId) {
        List<PayloadMovePort.InObjectStore> held = rows.heldInObjectStore(SIZE);
        List<PayloadObjectKey> moved = new ArrayList<>(held.size());
        for (PayloadMovePort.InObjectStore row : held) {
            SealedPayload sealed = objects.get(row.key(), row.keyId())
                    .orElseThrow(() -> new MissingPayloadObjectException(row.inboxId().toString()));
            rows.movedToRow(row.inboxId(), sealed);
            moved.add(row.key());
        }
        if (!moved.isEmpty()) {
            released.fire(new PayloadObjectsReleased(moved));
        }
        audit.counted(actionId, moved.size());
        return held.size();
    }
}
