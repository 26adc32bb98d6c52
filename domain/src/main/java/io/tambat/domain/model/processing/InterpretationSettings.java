package io.tambat.domain.model.processing;

import java.util.Objects;

/**
 * Where a generic sender's events keep their object, as JSON Pointers (RFC 6901), configured per endpoint.
 * Providers with a fixed envelope ignore them.
 */
public record InterpretationSettings(String typePointer, String idPointer, String versionPointer,
        String statePointer) {

    public static final InterpretationSettings STANDARD_DEFAULTS =
            new InterpretationSettings("/data/object", "/data/id", "/data/version", "/data/status");

    public InterpretationSettings {
        for (String pointer : new String[] {typePointer, idPointer, versionPointer, statePointer}) {
            Objects.requireNonNull(pointer);
            if (!pointer.isEmpty() && !pointer.startsWith("/")) {
                throw new IllegalArgumentException("a JSON Pointer is empty or starts with /");
            }
        }
    }
}
