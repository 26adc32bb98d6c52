package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SchemaMismatchTest {

    @Test
    void summarisesWhatWasFoundInVersionsOnlyForReadiness() {
        assertThat(new SchemaMismatch("23", "25", "Detected resolved migration not applied to database: 24.")
                .summary()).isEqualTo("at version 23, this release needs 25");
        assertThat(new SchemaMismatch(null, "25", "Schema \"tambat\" doesn't exist yet").summary())
                .isEqualTo("not migrated");
        assertThat(new SchemaMismatch("25", "25", "Migration checksum mismatch for migration version 25").summary())
                .isEqualTo("at version 25, but its migrations differ from this release's");
    }

    @Test
    void tellsTheLogWhichVersionItFoundAndWhichItNeeds() {
        assertThat(new SchemaMismatch("23", "25", "").describe("tambat"))
                .isEqualTo("schema tambat is not what this release needs: found version 23, this release needs "
                        + "version 25");
        assertThat(new SchemaMismatch(null, "25", "").describe("tambat"))
                .isEqualTo("schema tambat is not what this release needs: found no migration applied, this release "
                        + "needs version 25");
    }
}
