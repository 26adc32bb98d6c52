package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.InboxRow;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Read-only views of the inbox for operators and gauges. Never returns payloads. */
public interface InboxQueryPort {

    /** Newest first, at most {@code limit}. */
    List<InboxRow> list(InboxRow.Filter filter, int limit);

    Optional<InboxRow.Detail> find(UUID inboxId);

    /** Counts and ages as of {@code now}. */
    InboxRow.Stats stats(Instant now);
}
