package io.tambat.adapter.out.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.forwarding.StateChangeNotice;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StateChangeJsonTest {

    private static final UUID INBOX_ID = UUID.fromString("0190f3c2-7d1e-7a3b-9c4d-5e6f708192a3");
    private static final Instant APPLIED_AT = Instant.parse("2026-03-01T12:00:01.250Z");

    @Test
    void rendersEveryFieldOfTheContract() {
        JsonObject body = parse(new StateChangeJson().render(new StateChangeNotice(INBOX_ID, "stripe", "stripe-main",
                "payment_intent", "pi_\"1\"", "succeeded", Optional.of(1_709_294_400L), APPLIED_AT)));

        assertThat(body.keySet()).containsExactly("type", "inbox_id", "provider", "endpoint_id", "object_type",
                "object_id", "state", "version", "applied_at");
        assertThat(body.getString("type")).isEqualTo("object.state-changed");
        assertThat(body.getString("inbox_id")).isEqualTo(INBOX_ID.toString());
        assertThat(body.getString("provider")).isEqualTo("stripe");
        assertThat(body.getString("endpoint_id")).isEqualTo("stripe-main");
        assertThat(body.getString("object_type")).isEqualTo("payment_intent");
        assertThat(body.getString("object_id")).isEqualTo("pi_\"1\"");
        assertThat(body.getString("state")).isEqualTo("succeeded");
        assertThat(body.getJsonNumber("version").longValueExact()).isEqualTo(1_709_294_400L);
        assertThat(body.getString("applied_at")).isEqualTo("2026-03-01T12:00:01.250Z");
    }

    @Test
    void aMutationWithoutVersionSaysNull() {
        JsonObject body = parse(new StateChangeJson().render(new StateChangeNotice(INBOX_ID, "shopify", "shop",
                "order", "820982911946154508", "paid", Optional.empty(), APPLIED_AT)));

        assertThat(body.isNull("version")).isTrue();
    }

    private static JsonObject parse(byte[] body) {
        try (var reader = Json.createReader(new ByteArrayInputStream(body))) {
            return reader.readObject();
        }
    }
}
