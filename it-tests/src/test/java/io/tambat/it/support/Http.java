package io.tambat.it.support;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP/1.1 client: the bytes given are the bytes sent, with the headers given. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Http() {
    }

    /** POSTs the body with a Content-Length, plus header name/value pairs (a repeated name is sent twice). */
    public static HttpResponse<String> post(URI uri, byte[] body, String... headers) {
        return send(request(uri, headers).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    public static HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("request failed: " + request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static HttpRequest.Builder request(URI uri, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    public static JsonObject json(HttpResponse<String> response) {
        return json(response.body());
    }

    public static JsonObject json(String body) {
        try (var reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }
}
