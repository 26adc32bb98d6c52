package io.tambat.application.port.in.inbox;

import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.operator.Operator;
import java.util.Optional;
import java.util.UUID;

/** What operators can see of the inbox and do with it. No call ever returns a payload. */
public interface OperateInboxUseCase {

    int MAX_LIST_LIMIT = 500;

    /**
     * Newest first, after the row {@code startingAfter} when given; {@code limit} is capped at
     * {@link #MAX_LIST_LIMIT}. Empty when {@code startingAfter} names no row.
     */
    Optional<InboxEvent.Page> list(InboxEvent.Filter filter, Optional<UUID> startingAfter, int limit);

    Optional<InboxEvent.Detail> inspect(UUID inboxId);

    InboxEvent.Stats stats();

    /** Sends a FAILED row back to work; its attempt count keeps counting. Audited, whatever the outcome. */
    Redrive redrive(Operator operator, UUID inboxId);

    /**
     * The raw payload as the provider sent it, for an operator who asked to see it. Audited before it is
     * returned, whether or not retention left a payload to show.
     */
    PayloadReveal revealPayload(Operator operator, UUID inboxId);

    /** Outcome of {@link #revealPayload}. */
    sealed interface PayloadReveal {

        /** The exact bytes received. */
        record Revealed(byte[] payload) implements PayloadReveal {
            public Revealed {
                payload = payload.clone();
            }

            @Override
            public byte[] payload() {
                return payload.clone();
            }
        }

        /** The row is kept, its payload no longer (retention). */
        record Purged() implements PayloadReveal {
        }

        record NotFound() implements PayloadReveal {
        }
    }

    /** Outcome of {@link #redrive}. */
    enum Redrive {
        REDRIVEN,
        NOT_FOUND,
        NOT_FAILED
    }
}
