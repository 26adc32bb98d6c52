package io.tambat.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule of the hexagon, checked on compiled classes of every module: arrows point inward
 * only, and the domain stays free of frameworks.
 */
class DependencyRulesTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importAllModules() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.tambat");
    }

    @Test
    void domainUsesNoFrameworkJdbcOrJson() {
        noClasses().that().resideInAPackage("io.tambat.domain..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "jakarta..", "javax.persistence..", "javax.ws..", "javax.json..", "java.sql..",
                        "javax.sql..", "com.fasterxml..", "org.eclipse..", "org.flywaydb..", "org.postgresql..")
                .check(classes);
    }

    @Test
    void domainDependsOnNoOtherModule() {
        noClasses().that().resideInAPackage("io.tambat.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application..", "io.tambat.adapter..")
                .check(classes);
    }

    @Test
    void applicationDependsOnNoAdapter() {
        noClasses().that().resideInAPackage("io.tambat.application..")
                .should().dependOnClassesThat().resideInAPackage("io.tambat.adapter..")
                .check(classes);
    }

    @Test
    void providerAdaptersSeeOnlyTheDomain() {
        noClasses().that().resideInAPackage("io.tambat.adapter.in.provider..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application..",
                        "io.tambat.adapter.out..", "io.tambat.adapter.in.http..")
                .check(classes);
    }

    @Test
    void persistenceAdaptersSeeOnlyTheDomain() {
        noClasses().that().resideInAPackage("io.tambat.adapter.out..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application..",
                        "io.tambat.adapter.in..")
                .check(classes);
    }

    @Test
    void httpAdaptersReachOtherAdaptersOnlyAtRuntime() {
        noClasses().that().resideInAPackage("io.tambat.adapter.in.http..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.adapter.out..",
                        "io.tambat.adapter.in.provider..")
                .check(classes);
    }
}
