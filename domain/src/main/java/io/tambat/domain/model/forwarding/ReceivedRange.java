package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** The events received from (inclusive) to (exclusive): which deliveries a bulk redrive or a replay takes. */
public record ReceivedRange(Instant from, Instant to) {

    public ReceivedRange {
        Objects.requireNonNull(from);
        Objects.requireNonNull(to);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("received_from must be before received_to");
        }
    }

    /** As the audit trail records it. */
    public Map<String, String> described() {
        Map<String, String> described = new LinkedHashMap<>();
        described.put("received_from", from.toString());
        described.put("received_to", to.toString());
        return described;
    }
}
