package io.tambat.application.port.in.operator;

import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** What operators did, as the audit trail recorded it. */
public interface ReadAuditTrailUseCase {

    int MAX_LIMIT = 500;

    /** Newest first, of one kind or of all; {@code limit} is capped at {@link #MAX_LIMIT}. */
    List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit);

    /** One action with where it stands (a bulk action running in the background, or how it ended). */
    Optional<ActionProgress> action(UUID actionId);
}
