package io.tambat.adapter.out.downstream;

import io.tambat.domain.error.DownstreamRefusedException;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.provider.spi.TransientProcessingException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;

/**
 * One idempotent POST to a downstream service, with the failure contract of the downstream ports: time
 * outs, 5xx, 408, 409 (a concurrent request with the key) and 429 may succeed later; other 4xx will not.
 * Messages name the service and the status, never the body. One HTTP client serves every downstream service.
 * A traced delivery's context goes along as {@code traceparent}: the JDK client is not instrumented by
 * MicroProfile Telemetry, which only instruments JAX-RS and MicroProfile Rest clients.
 */
@ApplicationScoped
class DownstreamCall {

    private static final Set<Integer> RETRYABLE_CLIENT_ERRORS = Set.of(408, 409, 429);

    @Inject
    DownstreamSettings settings;

    @Inject
    TracingPort tracing;

    private HttpClient client;

    @PostConstruct
    void build() {
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    void post(String service, URI uri, String idempotencyKey, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(settings.timeout())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(json));
        tracing.currentContext().ifPresent(context -> request.header("traceparent", context));
        int status;
        try {
            status = client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new TransientProcessingException(service + " did not answer: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientProcessingException(service + " call interrupted", e);
        }
        if (status >= 200 && status < 300) {
            return;
        }
        if (status >= 500 || RETRYABLE_CLIENT_ERRORS.contains(status)) {
            throw new TransientProcessingException(service + " answered " + status, null);
        }
        throw new DownstreamRefusedException(service + " answered " + status);
    }
}
