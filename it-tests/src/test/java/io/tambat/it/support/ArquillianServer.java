package io.tambat.it.support;

import java.net.URI;
import java.time.Duration;

/** Where the Arquillian-managed server answers. The application is at the context root by contract. */
public final class ArquillianServer {

    private ArquillianServer() {
    }

    public static URI baseUri() {
        return URI.create("http://localhost:"
                + System.getProperty("arq.container.liberty-managed.configuration.httpPort", "9181") + "/");
    }

    /**
     * Waits until the deployed application reports ready: Arquillian returns as soon as it is deployed,
     * while its schema migration and secret seeding still run (deliveries get 503 until then).
     */
    public static void awaitReady() {
        Eventually.within(Duration.ofSeconds(60), () -> {
            int status = Http.send(Http.request(baseUri().resolve("health/ready")).GET().build()).statusCode();
            if (status != 200) {
                throw new AssertionError("not ready: " + status);
            }
        });
    }

    /** The schema the Arquillian server migrates (see src/test/liberty). */
    public static final String SCHEMA = "tambat_arq";
}
