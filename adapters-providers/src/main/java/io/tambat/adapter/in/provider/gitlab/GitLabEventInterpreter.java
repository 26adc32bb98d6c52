package io.tambat.adapter.in.provider.gitlab;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.InterpretationSettings;
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
public final class GitLabEventInterpreter extends DeclaredEventInterpreter {

    private static final ObjectType PROJECT = new ObjectType("project");
    private static final JsonPointers READ = JsonPointers.of(GitLabTokenAdapter.PROJECT_ID);

    public GitLabEventInterpreter() {
        super("gitlab");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        JsonObject payload = StoredPayloads.jsonObject(event.payload(), READ);
        return StoredPayloads.read(() -> JsonFields.optionalId(payload, GitLabTokenAdapter.PROJECT_ID))
                .map(id -> notification(GitLabTokenAdapter.PROJECT_ID, PROJECT, id, event));
    }
}
