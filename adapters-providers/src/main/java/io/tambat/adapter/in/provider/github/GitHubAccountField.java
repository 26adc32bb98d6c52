package io.tambat.adapter.in.provider.github;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * Which field of a GitHub payload names the account its event is about: the first of {@code installation.id},
 * {@code repository.id}, {@code organization.id} and {@code sender.id} that is present and not {@code null}.
 *
 * <p>Only body fields qualify, because GitHub signs the body alone: a header such as
 * {@code X-GitHub-Hook-Installation-Target-ID} can be changed without failing verification, so it must not
 * decide which account an authentic event is recorded against. Ingress and the interpreter both ask here, so
 * the object id ingress records is the one processing uses, or nothing where processing will fail the event.
 */
final class GitHubAccountField {

    private static final List<String> POINTERS =
            List.of("/installation/id", "/repository/id", "/organization/id", "/sender/id");

    /** The fields {@link #in} chooses among, which are all that a GitHub payload is parsed for. */
    static final JsonPointers READ = JsonPointers.of(POINTERS);

    private GitHubAccountField() {
    }

    /**
     * The JSON Pointer of the field that names the account; empty when the payload names none. A field whose
     * value has the wrong type still decides: the caller reads it, and a lower-ranked id is never taken in
     * its place.
     */
    static Optional<String> in(JsonObject payload) {
        return POINTERS.stream()
                .filter(pointer -> JsonFields.optionalValue(payload, pointer).isPresent())
                .findFirst();
    }
}
