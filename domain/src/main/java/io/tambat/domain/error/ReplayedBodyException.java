package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;
import java.util.UUID;

/**
 * A delivery's body was already accepted on its endpoint within the endpoint's replay window, under another
 * delivery id: the delivery is a duplicate of that acceptance, and nothing of it is stored.
 */
public final class ReplayedBodyException extends TambatException {

    private final UUID earlierInboxId;

    public ReplayedBodyException(UUID earlierInboxId) {
        super("body already accepted on this endpoint within its replay window");
        this.earlierInboxId = earlierInboxId;
    }

    public UUID earlierInboxId() {
        return earlierInboxId;
    }
}
