package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.in.http.problem.InvalidRequestException;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The body of a bulk inbox action: {@code provider}, {@code endpoint}, {@code event_type}, {@code received_from}
 * and {@code received_to} (ISO-8601 instants, the range half open), each optional unless the action needs a range,
 * and {@code status}, which may only name the status the action takes rows from. Any other member is refused.
 */
final class InboxSelectionRequest {

    private static final Set<String> MEMBERS = Set.of("status", "provider", "endpoint", "event_type", "received_from",
            "received_to");

    private InboxSelectionRequest() {
    }

    static InboxSelection read(JsonObject body, InboxStatus from, boolean rangeRequired) {
        AdminRequests.onlyMembers(body, MEMBERS);
        AdminRequests.optionalText(body, "status").filter(status -> !status.equals(from.name())).ifPresent(status -> {
            throw new InvalidRequestException("/status", "this action takes " + from + " rows only");
        });
        Optional<Instant> receivedFrom = instant(body, "received_from", rangeRequired);
        Optional<Instant> receivedTo = instant(body, "received_to", rangeRequired);
        AdminRequests.receivedRange(receivedFrom, receivedTo, "/received_to");
        return new InboxSelection(text(body, "provider"), text(body, "endpoint"), text(body, "event_type"),
                receivedFrom, receivedTo);
    }

    private static Optional<String> text(JsonObject body, String name) {
        return AdminRequests.filter("/" + name, AdminRequests.optionalText(body, name).orElse(null));
    }

    private static Optional<Instant> instant(JsonObject body, String name, boolean required) {
        Optional<String> given = AdminRequests.optionalText(body, name);
        if (given.isEmpty() && required) {
            throw new InvalidRequestException("/" + name, name + " is required: replay takes a time range");
        }
        return given.map(value -> AdminRequests.instant("/" + name, value));
    }
}
