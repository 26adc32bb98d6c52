package io.tambat.it.bench;

import java.io.IOException;
import java.util.Optional;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * One request and its answer, recorded: the HTTP/1.1 keep-alive client both kinds of load send through, so open
 * and closed loops measure and count alike. Apache HttpClient's blocking client, one pooled connection per
 * sending thread: it shares the machine with the server and the database, and spends a fraction of the CPU per
 * request of the JDK's client, whose selector thread and futures cost about as much as a server's request.
 */
final class LoadClient implements AutoCloseable {

    private static final Timeout ANSWER_WITHIN = Timeout.ofSeconds(30);

    private final CloseableHttpClient client;

    /** @param connections the most requests in flight at once: the loads' sending threads */
    LoadClient(int connections) {
        client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(connections)
                        .setMaxConnPerRoute(connections)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(ANSWER_WITHIN).setSocketTimeout(ANSWER_WITHIN).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(ANSWER_WITHIN).setResponseTimeout(ANSWER_WITHIN).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableContentCompression()
                .disableCookieManagement()
                .disableAuthCaching()
                .build();
    }

    /** Sends one of the workload's requests; its latency runs from {@code startNanos} to the answer. */
    void exchange(Workload workload, LoadRequest request, long startNanos, LoadResult result) {
        HttpPost post = new HttpPost(request.uri());
        // The entity writes Content-Type (and Content-Length): written here as well, it would be sent twice.
        request.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                post.addHeader(name, value);
            }
        });
        post.setEntity(new ByteArrayEntity(request.body(), ContentType.parse(request.header("Content-Type")
                .orElse(ContentType.APPLICATION_OCTET_STREAM.toString()))));
        try {
            LoadAnswer answer = client.execute(post, response -> {
                EntityUtils.consume(response.getEntity());
                Header location = response.getFirstHeader("Location");
                return new LoadAnswer(request, response.getCode(),
                        Optional.ofNullable(location).map(Header::getValue));
            });
            result.record(startNanos, System.nanoTime() - startNanos, answer.status(),
                    answer.status() / 100 == 2 ? workload.confirmedId().apply(answer) : Optional.empty());
        } catch (IOException e) {
            result.record(startNanos, System.nanoTime() - startNanos, LoadResult.TRANSPORT_ERROR, Optional.empty());
        }
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }
}
