package io.tambat.it.support;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tests from the outside against the shipped application, deployed to the Arquillian-managed Liberty: the
 * client side sends raw HTTP, and {@link #db} reads the rows behind the answers.
 */
@ExtendWith(ArquillianExtension.class)
public abstract class DeployedTambatTest {

    protected final TestDatabase db = new TestDatabase(ArquillianServer.SCHEMA);

    /** Not testable: every test runs as a client of the deployed application. */
    @Deployment(testable = false)
    public static WebArchive deployment() {
        return TambatArchive.shipped();
    }

    @BeforeEach
    protected void awaitReady() {
        ArquillianServer.awaitReady();
    }
}
