package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.Optional;

/** A secret version as operators see it: its name and life cycle, never the secret. */
final class SecretVersionJson {

    private SecretVersionJson() {
    }

    static JsonObjectBuilder of(SecretVersionInfo info) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("version", info.version())
                .add("created_at", info.createdAt().toString())
                .add("status", info.retiredAt().isPresent() ? "retired" : "trusted");
        add(json, "retired_at", info.retiredAt());
        add(json, "last_matched_at", info.lastMatchedAt());
        return json;
    }

    private static void add(JsonObjectBuilder json, String name, Optional<Instant> at) {
        if (at.isPresent()) {
            json.add(name, at.get().toString());
        } else {
            json.addNull(name);
        }
    }
}
