package io.tambat.it.support;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The runnable jar in a freshly dropped schema, beside a WireMock that stands in for what it calls (Stripe's API,
 * payments and inventory, a forwarding consumer): one server for all the tests of a class. Registered with
 * {@code @RegisterExtension} on a static field, it starts before all the tests and closes after all of them; a
 * class that must start something else first calls {@link #start()} and {@link #close()} itself.
 */
public final class ServerWithWireMock implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    private final String name;
    private final String schema;
    private final Duration ready;
    private final Function<String, Map<String, String>> settings;
    private final WireMockServer wireMock = new WireMockServer(WireMockConfiguration.options().dynamicPort());
    private Consumer<WireMockServer> stubs = none -> { };
    private TambatServerProcess process;

    /**
     * The server {@code name} in {@code schema}, ready within {@code ready}, with the settings made of WireMock's
     * root URL (without a final slash).
     */
    public ServerWithWireMock(String name, String schema, Duration ready,
            Function<String, Map<String, String>> settings) {
        this.name = name;
        this.schema = schema;
        this.ready = ready;
        this.settings = settings;
    }

    /** What WireMock answers from the start, until a test stubs otherwise. */
    public ServerWithWireMock stubbing(Consumer<WireMockServer> stubs) {
        this.stubs = stubs;
        return this;
    }

    /** Drops the schema, starts WireMock with its stubs, then the server, and waits until the server is ready. */
    public void start() {
        new TestDatabase(schema).dropSchema();
        wireMock.start();
        stubs.accept(wireMock);
        process = TambatServerProcess.configured(name, TestDatabase.port(), schema,
                settings.apply("http://127.0.0.1:" + wireMock.port()));
        process.start().awaitReady(ready);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    /** The stand-in, for stubs and for what the server sent it. */
    public WireMockServer wireMock() {
        return wireMock;
    }

    public TambatServerProcess process() {
        return process;
    }

    public URI baseUri() {
        return process.baseUri();
    }

    /** The operator API of this server, with an operator token signed now. */
    public AdminClient admin() {
        return new AdminClient(baseUri());
    }

    /** Stops whatever {@link #start()} started, also after a start that failed half-way. */
    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
        if (wireMock.isRunning()) {
            wireMock.stop();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
