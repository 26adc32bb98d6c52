package io.tambat.it.support;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The real WAR the build produced, deployed unchanged: the tests exercise what ships. */
public final class TambatArchive {

    private TambatArchive() {
    }

    public static WebArchive shipped() {
        File war = new File("target/wars/adapters-http.war");
        if (!war.isFile()) {
            throw new IllegalStateException("run through Maven: " + war + " is copied in pre-integration-test");
        }
        return ShrinkWrap.create(ZipImporter.class, "app.war").importFrom(war).as(WebArchive.class);
    }
}
