package io.tambat.adapter.in.provider.gitlab;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * What a GitLab event means: a notification about the project its body names.
 *
 * <p>GitLab sends no version and nothing that orders its deliveries, so, as for GitHub, an event is the latest
 * {@link StateChange.Notification} of a {@code project}, the body's {@code project.id}, with the event type
 * ({@code X-Gitlab-Event}) as its state. An event without a project concerns no object; a project id that is
 * neither a string nor an integer is uninterpretable. Settings are ignored.
 */
public final class GitLabEventInterpreter implements EventInterpreter {

    private static final String PROVIDER = "gitlab";
    private static final ObjectType PROJECT = new ObjectType("project");
    private static final JsonPointers READ = JsonPointers.of(GitLabTokenAdapter.PROJECT_ID);

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        JsonObject payload = StoredPayloads.jsonObject(event.payload(), READ);
        return StoredPayloads.read(() -> JsonFields.optionalId(payload, GitLabTokenAdapter.PROJECT_ID)).map(id -> {
            ObjectKey key = StoredPayloads.build(GitLabTokenAdapter.PROJECT_ID,
                    () -> new ObjectKey(PROVIDER, PROJECT, id));
            return StoredPayloads.build("event type", () -> new StateChange.Notification(key, event.eventType()));
        });
    }
}
