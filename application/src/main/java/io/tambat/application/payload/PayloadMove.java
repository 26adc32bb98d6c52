package io.tambat.application.payload;

import io.tambat.application.operator.BackgroundActions;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.application.port.in.payload.MovePayloadsUseCase;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToIntFunction;
import java.util.logging.Logger;

/**
 * Moves stored payloads to where new ones go, one {@link PayloadMoveBatch} after another until one finds nothing
 * left, as a background action.
 */
@ApplicationScoped
public class PayloadMove implements MovePayloadsUseCase {

    static final String DATABASE = "database";
    static final String OBJECT_STORE = "s3";
    private static final Logger LOG = Logger.getLogger(PayloadMove.class.getName());

    @Inject
    PayloadMoveBatch batches;

    @Inject
    PayloadMovePort rows;

    @Inject
    PayloadStoreSettings settings;

    @Inject
    BackgroundActions actions;

    @Override
    public ActionAnswer<Moved> move(Operator operator, Duration wait) {
        String to = destination();
        ToIntFunction<UUID> batch = settings.newPayloadsInObjectStore() ? batches::toObjectStore : batches::toRows;
        return actions.run(operator, OperatorAction.Kind.PAYLOAD_MOVE, Map.of("to", to), wait, actionId -> {
            long moved = 0;
            for (int done = batch.applyAsInt(actionId); done > 0; done = batch.applyAsInt(actionId)) {
                moved += done;
            }
            long total = moved;
            LOG.info(() -> OperatorAction.Kind.PAYLOAD_MOVE.code() + " " + actionId + " moved " + total
                    + " payload(s) to " + to);
            return new Moved(actionId, to, moved);
        });
    }

    @Override
    @Transactional
    public Placement placement() {
        return new Placement(destination(), rows.places());
    }

    private String destination() {
        return settings.newPayloadsInObjectStore() ? OBJECT_STORE : DATABASE;
    }
}
