package io.tambat.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dependency rule of the hexagon, checked on compiled classes of every module: arrows point inward only;
 * the domain and the provider SPI stay free of frameworks, and the application of wire and storage technology;
 * provider plugins see the SPI alone; inbound adapters see only the use cases; the application's capabilities
 * see each other only through the shared work machinery, and the persistence adapters' capabilities only
 * through their shared JDBC helpers. Only the composition root ({@code io.tambat.composition}) wires across all
 * of them.
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
        noClasses().that().resideInAnyPackage("io.tambat.domain..", "io.tambat.provider.spi..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "jakarta..", "javax.persistence..", "javax.ws..", "javax.json..", "java.sql..",
                        "javax.sql..", "com.fasterxml..", "org.eclipse..", "org.flywaydb..", "org.postgresql..",
                        "io.opentelemetry..")
                .check(classes);
    }

    @Test
    void domainDependsOnNoOtherModule() {
        noClasses().that().resideInAPackage("io.tambat.domain..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application..", "io.tambat.adapter..")
                .check(classes);
    }

    @Test
    void providerSpiDependsOnNothingButTheJdk() {
        noClasses().that().resideInAPackage("io.tambat.provider.spi..")
                .should().dependOnClassesThat().resideOutsideOfPackages("io.tambat.provider.spi..", "java..")
                .check(classes);
    }

    @Test
    void applicationDependsOnNoAdapter() {
        noClasses().that().resideInAPackage("io.tambat.application..")
                .should().dependOnClassesThat().resideInAPackage("io.tambat.adapter..")
                .check(classes);
    }

    @Test
    void applicationUsesNoWireOrStorageTechnology() {
        noClasses().that().resideInAPackage("io.tambat.application..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.ws.rs..", "jakarta.persistence..",
                        "jakarta.json..", "java.sql..", "javax.sql..", "org.eclipse.persistence..", "io.opentelemetry..")
                .check(classes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook", "processing", "order", "forwarding"})
    void capabilitiesDoNotReachIntoEachOther(String capability) {
        String others = "io.tambat.application.(webhook|processing|order|forwarding)..";
        noClasses().that().resideInAPackage("io.tambat.application." + capability + "..")
                .should().dependOnClassesThat(resideInAPackage(others)
                        .and(resideInAPackage("io.tambat.application." + capability + "..").negate()))
                .check(classes);
    }

    @Test
    void sharedWorkMachineryKnowsNoCapability() {
        noClasses().that().resideInAnyPackage("io.tambat.application.work..", "io.tambat.application.plugin..",
                        "io.tambat.application.transaction..", "io.tambat.application.identity..",
                        "io.tambat.application.operator..", "io.tambat.application.reconciliation..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application.webhook..",
                        "io.tambat.application.processing..", "io.tambat.application.order..",
                        "io.tambat.application.forwarding..")
                .check(classes);
    }

    @Test
    void inboundAdaptersUseOnlyTheUseCases() {
        noClasses().that().resideInAPackage("io.tambat.adapter.in..")
                .should().dependOnClassesThat(resideInAPackage("io.tambat.application..")
                        .and(resideInAPackage("io.tambat.application.port.in..").negate()))
                .check(classes);
    }

    @Test
    void providerPluginsSeeOnlyTheProviderSpi() {
        noClasses().that()
                .resideInAnyPackage("io.tambat.adapter.in.provider..", "io.tambat.adapter.out.providerapi..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.domain..", "io.tambat.application..",
                        "io.tambat.adapter.out.persistence..", "io.tambat.adapter.out.crypto..",
                        "io.tambat.adapter.in.http..")
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
    void onlyTheCompositionRootKnowsTheObjectStoreAdapterAndItsSdk() {
        noClasses().that().resideOutsideOfPackages("io.tambat.adapter.out.objectstore..", "io.tambat.composition..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.adapter.out.objectstore..",
                        "software.amazon.awssdk..")
                .check(classes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inbox", "secrets", "processing", "order", "operator", "forwarding"})
    void persistenceCapabilitiesDoNotReachIntoEachOther(String capability) {
        String others = "io.tambat.adapter.out.persistence.(inbox|secrets|processing|order|operator|forwarding)..";
        noClasses().that().resideInAPackage("io.tambat.adapter.out.persistence." + capability + "..")
                .should().dependOnClassesThat(resideInAPackage(others)
                        .and(resideInAPackage("io.tambat.adapter.out.persistence." + capability + "..").negate()))
                .check(classes);
    }

    @Test
    void sharedPersistenceHelpersKnowNoCapability() {
        noClasses().that().resideInAnyPackage("io.tambat.adapter.out.persistence.jdbc..",
                        "io.tambat.adapter.out.persistence.schema..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.adapter.out.persistence.inbox..",
                        "io.tambat.adapter.out.persistence.secrets..", "io.tambat.adapter.out.persistence.processing..",
                        "io.tambat.adapter.out.persistence.order..", "io.tambat.adapter.out.persistence.operator..",
                        "io.tambat.adapter.out.persistence.forwarding..")
                .check(classes);
    }

    @Test
    void metricsSeeOnlyTheDomainAndTheSpi() {
        noClasses().that().resideInAPackage("io.tambat.adapter.metrics..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.application..", "io.tambat.adapter.in..",
                        "io.tambat.adapter.out..", "io.tambat.composition..")
                .check(classes);
    }

    @Test
    void sharedJsonKnowsNothingElseOfTambat() {
        noClasses().that().resideInAPackage("io.tambat.adapter.json..")
                .should().dependOnClassesThat().resideInAnyPackage("io.tambat.domain..", "io.tambat.provider.spi..",
                        "io.tambat.application..", "io.tambat.adapter.in..", "io.tambat.adapter.out..",
                        "io.tambat.composition..")
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
