package io.tambat.adapter.out.persistence.schema;

import io.tambat.adapter.out.persistence.ContractDatabase;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.postgresql.ds.PGSimpleDataSource;

/** A schema of a test's own, absent before each test and dropped after it: every migration starts from nothing. */
public final class ScratchSchema implements BeforeEachCallback, AfterEachCallback {

    final String name;
    public final PGSimpleDataSource dataSource;

    public ScratchSchema(String name) {
        this.name = name;
        this.dataSource = ContractDatabase.dataSource(name);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        drop();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        drop();
    }

    /** Applies the migrations up to {@code version}, as a release that shipped it left the schema. */
    public void migrateTo(String version) {
        Flyway.configure(FlywaySchema.class.getClassLoader()).configuration(migration().getConfiguration())
                .target(version).load().migrate();
    }

    /** The migrations of this release, all of them. */
    public Flyway migration() {
        return FlywaySchema.migration(dataSource, name);
    }

    private void drop() {
        ContractDatabase.update(dataSource, "DROP SCHEMA IF EXISTS " + name + " CASCADE");
    }
}
