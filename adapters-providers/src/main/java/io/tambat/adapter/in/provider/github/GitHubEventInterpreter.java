package io.tambat.adapter.in.provider.github;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * What a GitHub event means: a notification about the installation, repository, organization or user its
 * body names.
 *
 * <p>GitHub sends neither an object version nor a business state, and its deliveries carry nothing that orders
 * them, so every event is recorded as the latest {@link StateChange.Notification} of that object, with the
 * event type as its state. The object is the body's {@code installation.id}, {@code repository.id},
 * {@code organization.id} or {@code sender.id}, the first present ({@link GitHubSubject}); it is read from
 * the stored body every time, never taken from the object id ingress stored, so only signed content decides
 * it. An event naming none of them concerns no object; one whose deciding id is neither a string nor an
 * integer is uninterpretable. Settings are ignored.
 */
public final class GitHubEventInterpreter extends DeclaredEventInterpreter {

    public GitHubEventInterpreter() {
        super("github");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        JsonObject payload = StoredPayloads.jsonObject(jsonPayload(event.payload()), GitHubSubject.READ);
        return GitHubSubject.in(payload).map(field -> {
            // The field is present, so the strict read yields its id or fails naming the field.
            String id = StoredPayloads.read(() -> JsonFields.optionalId(payload, field)).orElseThrow();
            return notification(field, GitHubSubject.typeNamedBy(field), id, event);
        });
    }

    /**
     * The JSON bytes of a stored body: the body itself, or its {@code payload} form field. The stored event
     * keeps no {@code Content-Type}, so the body's first significant byte decides ({@link JsonBodies#opensObject}).
     */
    private static byte[] jsonPayload(byte[] body) {
        if (JsonBodies.opensObject(body)) {
            return body;
        }
        return StoredPayloads.read(() -> FormFields.single(body, "payload"))
                .orElseThrow(() -> new UninterpretableEventException(
                        "body is neither a JSON object nor a form with a payload field"));
    }
}
