package io.tambat.sender;

import io.tambat.sender.delivery.WebhookRequest;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Sends a signed request once, as webhook providers do: HTTP/1.1, no redirect followed (Standard Webhooks counts a
 * 3xx as a failure), and a bounded wait for the answer.
 */
final class WebhookClient {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    // Within the 15 to 30 seconds the Standard Webhooks spec recommends senders wait.
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private WebhookClient() {
    }

    static HttpResponse<byte[]> send(WebhookRequest request, boolean trustAnyCertificate)
            throws IOException, InterruptedException {
        HttpClient.Builder client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(CONNECT_TIMEOUT);
        if (trustAnyCertificate) {
            client.sslContext(TrustAnyCertificate.sslContext());
        }
        HttpRequest.Builder http = HttpRequest.newBuilder(request.url())
                .timeout(ANSWER_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(http::header);
        return client.build().send(http.build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
