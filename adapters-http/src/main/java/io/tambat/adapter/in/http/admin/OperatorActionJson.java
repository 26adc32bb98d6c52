package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.Optional;

/** An operator action as operators see it: who did what, to what, and how many items it changed; never a secret. */
final class OperatorActionJson {

    private OperatorActionJson() {
    }

    /** As the audit trail lists it. */
    static JsonObjectBuilder entry(OperatorAction action) {
        return described(action).add("at", action.at().toString());
    }

    /** With where it stands at {@code now}: running, or how it ended, and when its last batch committed. */
    static JsonObjectBuilder progress(ActionProgress progress, Instant now) {
        JsonObjectBuilder json = described(progress.action())
                .add("started_at", progress.action().at().toString())
                .add("state", progress.state(now).code());
        optional(json, "progressed_at", progress.progressedAt().map(Instant::toString));
        optional(json, "ended_at", progress.endedAt().map(Instant::toString));
        optional(json, "failure", progress.failure());
        return json;
    }

    private static JsonObjectBuilder described(OperatorAction action) {
        JsonObjectBuilder filter = JsonProviders.PROVIDER.createObjectBuilder();
        action.filter().forEach(filter::add);
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("action_id", action.actionId().toString())
                .add("actor", action.actor())
                .add("action", action.kind().code())
                .add("filter", filter)
                .add("count", action.count());
        optional(json, "target", action.target());
        return json;
    }

    private static void optional(JsonObjectBuilder json, String name, Optional<String> value) {
        value.ifPresentOrElse(present -> json.add(name, present), () -> json.addNull(name));
    }
}
