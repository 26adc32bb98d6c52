package io.tambat.domain.port.out.order;

import java.time.Instant;

/** How far behind order work is, read from durable state so alerts hold across restarts and instances. */
public interface OrderBacklogPort {

    Backlog backlog(Instant now);

    /**
     * @param oldestOperationAgeSeconds age of the oldest long operation still in progress (0 when none)
     * @param outboxLagSeconds          age of the oldest OrderCreated notification not yet delivered or
     *                                  failed (0 when none)
     * @param outboxPending             notifications not yet delivered or failed
     * @param outboxFailed              notifications that ended FAILED, waiting for an operator's redrive
     */
    record Backlog(long oldestOperationAgeSeconds, long outboxLagSeconds, long outboxPending, long outboxFailed) {
    }
}
