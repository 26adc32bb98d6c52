package io.tambat.it.bench;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * One request and its answer, recorded: the HTTP/1.1 keep-alive client both kinds of load send through, so open
 * and closed loops measure and count alike.
 */
final class LoadClient {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Sends one of the workload's requests; its latency runs from {@code startNanos} to the answer. */
    void exchange(Workload workload, HttpRequest request, long startNanos, LoadResult result) {
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            int status = response.statusCode();
            result.record(startNanos, System.nanoTime() - startNanos, status,
                    status / 100 == 2 ? workload.confirmedId().apply(response) : Optional.empty());
        } catch (IOException e) {
            result.record(startNanos, System.nanoTime() - startNanos, LoadResult.TRANSPORT_ERROR, Optional.empty());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.record(startNanos, System.nanoTime() - startNanos, LoadResult.TRANSPORT_ERROR, Optional.empty());
        }
    }
}
