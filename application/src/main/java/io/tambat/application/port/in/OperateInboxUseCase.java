package io.tambat.application.port.in;

import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.processing.InboxRow;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** What operators can see of the inbox and do with it. No call ever returns a payload. */
public interface OperateInboxUseCase {

    int MAX_LIST_LIMIT = 500;

    /** Newest first; {@code limit} is capped at {@link #MAX_LIST_LIMIT}. */
    List<InboxRow> list(InboxRow.Filter filter, int limit);

    Optional<InboxRow.Detail> inspect(UUID inboxId);

    InboxRow.Stats stats();

    /** Sends a FAILED row back to work; its attempt count keeps counting. Audited, whatever the outcome. */
    Redrive redrive(Operator operator, UUID inboxId);

    /** Outcome of {@link #redrive}. */
    enum Redrive {
        REDRIVEN,
        NOT_FOUND,
        NOT_FAILED
    }
}
