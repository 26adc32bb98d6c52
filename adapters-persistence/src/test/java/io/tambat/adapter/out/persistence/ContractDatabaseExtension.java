package io.tambat.adapter.out.persistence;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test class the {@link ContractDatabase} (migrated once per test run, closed by JUnit at its end) and
 * empties its tables before each test, so no test sees another's rows.
 */
public final class ContractDatabaseExtension implements ParameterResolver, BeforeEachCallback {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ContractDatabase.class;
    }

    @Override
    public ContractDatabase resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return database(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        database(context).emptyTables();
    }

    private static ContractDatabase database(ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.create(ContractDatabase.class))
                .getOrComputeIfAbsent(ContractDatabase.class, key -> ContractDatabase.migrated(),
                        ContractDatabase.class);
    }
}
