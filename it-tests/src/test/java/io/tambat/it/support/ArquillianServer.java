package io.tambat.it.support;

import java.net.URI;

/** Where the Arquillian-managed server answers. The application is at the context root by contract. */
public final class ArquillianServer {

    private ArquillianServer() {
    }

    public static URI baseUri() {
        return URI.create("http://localhost:"
                + System.getProperty("arq.container.liberty-managed.configuration.httpPort", "9181") + "/");
    }

    /** The schema the Arquillian server migrates (see src/test/liberty). */
    public static final String SCHEMA = "tambat_arq";
}
