package io.tambat.adapter.out.persistence.schema;

import io.tambat.adapter.out.persistence.ContractDatabase;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.postgresql.ds.PGSimpleDataSource;

/** A schema of a test's own, absent before each test and dropped after it: every migration starts from nothing. */
final class ScratchSchema implements BeforeEachCallback, AfterEachCallback {

    final String name;
    final PGSimpleDataSource dataSource;

    ScratchSchema(String name) {
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

    private void drop() {
        ContractDatabase.update(dataSource, "DROP SCHEMA IF EXISTS " + name + " CASCADE");
    }
}
