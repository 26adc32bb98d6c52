package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.inbox.InboxEvent;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

/** The operator JSON of inbox rows: identifiers and life cycle only. */
final class InboxJson {

    private InboxJson() {
    }

    static JsonObjectBuilder row(InboxEvent row) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("inbox_id", row.inboxId().toString())
                .add("provider", row.provider())
                .add("endpoint_id", row.endpointId().value())
                .add("provider_event_id", row.providerEventId())
                .add("event_type", row.eventType())
                .add("status", row.status().name())
                .add("attempt_count", row.attemptCount())
                .add("received_at", row.receivedAt().toString())
                .add("next_attempt_at", row.nextAttemptAt().toString())
                .add("matched_secret_version", row.matchedSecretVersion())
                .add("payload_retained", row.payloadRetained());
        row.objectId().ifPresentOrElse(id -> json.add("object_id", id), () -> json.addNull("object_id"));
        row.objectVersion().ifPresentOrElse(v -> json.add("object_version", v), () -> json.addNull("object_version"));
        row.lastError().ifPresentOrElse(error -> json.add("last_error", error), () -> json.addNull("last_error"));
        return json;
    }

    static JsonObjectBuilder detail(InboxEvent.Detail detail) {
        JsonArrayBuilder history = JsonProviders.PROVIDER.createArrayBuilder();
        detail.history().forEach(change -> history.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("status", change.status().name()).add("at", change.at().toString())));
        JsonObjectBuilder json = row(detail.row()).add("history", history);
        detail.mutation().ifPresentOrElse(mutation -> json.add("mutation", mutation(mutation)),
                () -> json.addNull("mutation"));
        return json;
    }

    private static JsonObjectBuilder mutation(InboxEvent.Mutation mutation) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("object_type", mutation.objectType().code())
                .add("object_id", mutation.objectId())
                .add("state", mutation.state());
        mutation.version().ifPresentOrElse(v -> json.add("version", v), () -> json.addNull("version"));
        return json.add("applied_at", mutation.appliedAt().toString());
    }
}
