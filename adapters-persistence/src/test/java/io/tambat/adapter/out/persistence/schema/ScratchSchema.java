package io.tambat.adapter.out.persistence.schema;

import io.tambat.adapter.out.persistence.ContractDatabase;
import java.util.List;
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

    /**
     * The indexes of the partitions named {@code partition...} attached to their partitioned table's, each as
     * {@code <table's index> <partition's index> <valid>}, by name.
     */
    public List<String> attachedIndexes(String partition) {
        return ContractDatabase.query(dataSource, """
                SELECT parent.relname || ' ' || child.relname || ' ' || i.indisvalid
                FROM pg_inherits h JOIN pg_class parent ON parent.oid = h.inhparent
                    JOIN pg_class child ON child.oid = h.inhrelid JOIN pg_index i ON i.indexrelid = parent.oid
                WHERE child.relname LIKE ? AND child.relnamespace = CAST(? AS regnamespace)
                ORDER BY 1""", String.class, partition + "%", name);
    }

    private void drop() {
        ContractDatabase.update(dataSource, "DROP SCHEMA IF EXISTS " + name + " CASCADE");
    }
}
