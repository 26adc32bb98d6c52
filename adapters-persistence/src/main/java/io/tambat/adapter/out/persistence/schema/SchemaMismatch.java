package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.time.Instant;
import java.util.Optional;

/**
 * How a schema differs from what this release's migrations make of it, as validation found it.
 *
 * @param found          the version of the last migration applied to it; null when none is (or the schema does not
 *                       exist)
 * @param needed         the version of this release's last migration
 * @param problems       Flyway's account of each difference (a migration not applied, a checksum that differs)
 * @param partitionsEnd  when the schema holds this release's migrations but its partitions by day end too soon: where
 *                       they end
 */
record SchemaMismatch(String found, String needed, String problems, Optional<Instant> partitionsEnd) {

    SchemaMismatch(String found, String needed, String problems) {
        this(found, needed, problems, Optional.empty());
    }

    /** The schema is at this release's version, and its partitions by day end at {@code end}, too soon. */
    static SchemaMismatch partitionsEndAt(String version, Instant end) {
        return new SchemaMismatch(version, version, "the partitions by day end at " + end
                + "; the migration job creates them " + TimePartitionsPort.AHEAD.toDays() + " days ahead", Optional.of(end));
    }

    /** Short, and safe to show to whoever reads readiness: versions and dates only. */
    String summary() {
        if (partitionsEnd.isPresent()) {
            return "at version " + found + ", its partitions by day ending at " + partitionsEnd.get();
        }
        if (found == null) {
            return "not migrated";
        }
        if (!found.equals(needed)) {
            return "at version " + found + ", this release needs " + needed;
        }
        return "at version " + found + ", but its migrations differ from this release's";
    }

    /** For the log: what was found and what is needed; Flyway's account is {@link #problems()}. */
    String describe(String schema) {
        if (partitionsEnd.isPresent()) {
            return "schema " + schema + " holds this release's migrations, but its partitions by day end at "
                    + partitionsEnd.get() + ", and a row stamped later would find none";
        }
        return "schema " + schema + " is not what this release needs: found "
                + (found == null ? "no migration applied" : "version " + found) + ", this release needs version "
                + needed;
    }
}
