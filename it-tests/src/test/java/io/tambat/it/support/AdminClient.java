package io.tambat.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Calls the operator API of one server with an operator token, or another token given. */
public final class AdminClient {

    private final URI base;
    private final String token;

    public AdminClient(URI base) {
        this(base, OperatorTokens.operator());
    }

    public AdminClient(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    public HttpResponse<String> get(String path) {
        return call("GET", path, null);
    }

    public HttpResponse<String> post(String path, String json) {
        return call("POST", path, json);
    }

    /** A POST with more headers, as name/value pairs (such as {@code Prefer}). */
    public HttpResponse<String> post(String path, String json, String... headers) {
        return call("POST", path, json, headers);
    }

    public HttpResponse<String> delete(String path) {
        return call("DELETE", path, null);
    }

    /** The state derived for one provider object ({@code GET /admin/objects/...}), which must exist. */
    public JsonObject objectState(String provider, String type, String objectId) {
        HttpResponse<String> response = get("admin/objects/" + provider + "/" + type + "/" + objectId);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response);
    }

    private HttpResponse<String> call(String method, String path, String json, String... headers) {
        HttpRequest.Builder request = Http.request(base.resolve(path), headers)
                .header("Authorization", "Bearer " + token);
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return Http.send(request.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json)).build());
    }
}
