package io.tambat.adapter.in.http.admin;

import io.tambat.domain.model.forwarding.ReceivedRange;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The body of a destination's bulk redrive or replay: {@code received_from} and {@code received_to}, both
 * required ISO-8601 instants, the range half open. Any other member is refused.
 */
final class ReceivedRangeRequest {

    private static final Set<String> MEMBERS = Set.of("received_from", "received_to");

    private ReceivedRangeRequest() {
    }

    static ReceivedRange read(JsonObject body) {
        AdminRequests.onlyMembers(body, MEMBERS);
        Instant from = AdminRequests.instant("/received_from", AdminRequests.text(body, "received_from"));
        Instant to = AdminRequests.instant("/received_to", AdminRequests.text(body, "received_to"));
        AdminRequests.receivedRange(Optional.of(from), Optional.of(to), "/received_to");
        return new ReceivedRange(from, to);
    }
}
