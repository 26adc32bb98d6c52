package io.tambat.provider.spi;

import java.util.Objects;

/**
 * Where a generic sender's events keep their object, as JSON Pointers (RFC 6901), configured per endpoint.
 * Providers with a fixed envelope ignore them. An empty sequence pointer means the sender's events are
 * snapshots; a set one marks them as deltas in a per-object sequence, whose first delta is numbered
 * {@code sequenceStart}.
 */
public record InterpretationSettings(String typePointer, String idPointer, String versionPointer,
        String statePointer, String sequencePointer, long sequenceStart) {

    /** No sequence pointer by default: events are snapshots, ordered by version. */
    public static final InterpretationSettings STANDARD_DEFAULTS = new InterpretationSettings("/data/object",
            "/data/id", "/data/version", "/data/status", "", StateChange.Sequenced.USUAL_FIRST);

    public InterpretationSettings {
        for (String pointer : new String[] {typePointer, idPointer, versionPointer, statePointer, sequencePointer}) {
            Objects.requireNonNull(pointer);
            if (!pointer.isEmpty() && !pointer.startsWith("/")) {
                throw new IllegalArgumentException("a JSON Pointer is empty or starts with /");
            }
        }
    }
}
