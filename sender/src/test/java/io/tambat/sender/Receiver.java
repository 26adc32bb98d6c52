package io.tambat.sender;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/** The receiving end on loopback: records every request and answers each with one fixed status and body. */
final class Receiver implements AutoCloseable {

    /** One request as it arrived. */
    record Received(String method, URI uri, Headers headers, byte[] body) {

        String header(String name) {
            return headers.getFirst(name);
        }
    }

    private final HttpServer server;
    private final String scheme;
    private final List<Received> received = new ArrayList<>();

    private Receiver(HttpServer server, String scheme, int status, String answer) {
        this.server = server;
        this.scheme = scheme;
        server.createContext("/", exchange -> answer(exchange, status, answer));
        server.start();
    }

    static Receiver http(int status, String answer) throws IOException {
        return new Receiver(HttpServer.create(loopback(), 0), "http", status, answer);
    }

    /** Over TLS, with the key pair of a PKCS#12 store whose password is {@code password}. */
    static Receiver https(Path keyStore, char[] password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(keyStore.toFile(), password);
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(loopback(), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        return new Receiver(server, "https", 200, "{}");
    }

    URI url(String pathAndQuery) {
        return URI.create(scheme + "://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery);
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    Received last() {
        List<Received> all = received();
        if (all.isEmpty()) {
            throw new AssertionError("nothing was received");
        }
        return all.get(all.size() - 1);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange, int status, String answer) throws IOException {
        try (InputStream body = exchange.getRequestBody(); OutputStream out = exchange.getResponseBody()) {
            Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI(),
                    exchange.getRequestHeaders(), body.readAllBytes());
            synchronized (this) {
                received.add(request);
            }
            byte[] bytes = answer.getBytes(UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            out.write(bytes);
        }
    }

    private static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }
}
