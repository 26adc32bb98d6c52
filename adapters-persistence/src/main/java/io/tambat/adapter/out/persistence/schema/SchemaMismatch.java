package io.tambat.adapter.out.persistence.schema;

/**
 * How a schema differs from what this release's migrations make of it, as validation found it.
 *
 * @param found    the version of the last migration applied to it; null when none is (or the schema does not exist)
 * @param needed   the version of this release's last migration
 * @param problems Flyway's account of each difference (a migration not applied, a checksum that differs)
 */
record SchemaMismatch(String found, String needed, String problems) {

    /** Short, and safe to show to whoever reads readiness: versions only. */
    String summary() {
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
        return "schema " + schema + " is not what this release needs: found "
                + (found == null ? "no migration applied" : "version " + found) + ", this release needs version "
                + needed;
    }
}
