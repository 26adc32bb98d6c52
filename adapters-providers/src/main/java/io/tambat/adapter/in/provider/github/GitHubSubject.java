package io.tambat.adapter.in.provider.github;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.ObjectType;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which object a GitHub event is about, and of which kind: the first of {@code installation.id} (an
 * {@code installation} of a GitHub App), {@code repository.id} (a {@code repository}), {@code organization.id}
 * (an {@code organization}) and {@code sender.id} (the {@code user} who acted) that is present and not
 * {@code null}.
 *
 * <p>Only body fields qualify, because GitHub signs the body alone: a header such as
 * {@code X-GitHub-Hook-Installation-Target-ID} can be changed without failing verification, so it must not
 * decide which object an authentic event is recorded against. Ingress and the interpreter both ask here, so
 * the object id ingress records is the one processing uses, or nothing where processing will fail the event.
 */
final class GitHubSubject {

    private static final Map<String, ObjectType> TYPES = Map.of(
            "/installation/id", new ObjectType("installation"),
            "/repository/id", new ObjectType("repository"),
            "/organization/id", new ObjectType("organization"),
            "/sender/id", new ObjectType("user"));

    private static final List<String> POINTERS =
            List.of("/installation/id", "/repository/id", "/organization/id", "/sender/id");

    /** The fields {@link #in} chooses among, which are all that a GitHub payload is parsed for. */
    static final JsonPointers READ = JsonPointers.of(POINTERS);

    private GitHubSubject() {
    }

    /**
     * The JSON Pointer of the field that names the object; empty when the payload names none. A field whose
     * value has the wrong type still decides: the caller reads it, and a lower-ranked id is never taken in
     * its place.
     */
    static Optional<String> in(JsonObject payload) {
        return POINTERS.stream()
                .filter(pointer -> JsonFields.optionalValue(payload, pointer).isPresent())
                .findFirst();
    }

    /** The kind of object the field {@link #in} chose names. */
    static ObjectType typeNamedBy(String pointer) {
        return TYPES.get(pointer);
    }
}
