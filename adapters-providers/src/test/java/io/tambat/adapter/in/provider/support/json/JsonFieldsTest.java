package io.tambat.adapter.in.provider.support.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonFieldsTest {

    private static final JsonObject ENVELOPE = JsonBodies.parseObject("""
            {"data": {"object": {"id": "pi_1", "version": 7, "big": 123456789012345678901234567890}},
             "a/b": {"m~n": "escaped"}, "": "empty name", "items": [{"id": 10}, {"id": "eleven"}],
             "gone": null, "text": "plain"}""".getBytes(StandardCharsets.UTF_8));

    @Test
    void followsObjectMembersAndArrayIndexes() {
        assertThat(JsonFields.requiredString(ENVELOPE, "/data/object/id")).isEqualTo("pi_1");
        assertThat(JsonFields.optionalLong(ENVELOPE, "/data/object/version")).contains(7L);
        assertThat(JsonFields.optionalId(ENVELOPE, "/items/0/id")).contains("10");
        assertThat(JsonFields.optionalId(ENVELOPE, "/items/1/id")).contains("eleven");
        assertThat(JsonFields.optionalValue(ENVELOPE, "")).contains(ENVELOPE);
    }

    @Test
    void readsAnIsoInstantWithAnOffsetStrictlyOrLeniently() {
        JsonObject times = JsonBodies.parseObject("""
                {"at": "2024-11-05T10:51:00+01:00", "local": "2024-11-05T10:51:00", "number": 1730800260}"""
                .getBytes(StandardCharsets.UTF_8));
        assertThat(JsonFields.optionalIsoInstant(times, "/at")).contains(Instant.parse("2024-11-05T09:51:00Z"));
        assertThat(JsonFields.lenientIsoInstant(times, "/at")).contains(Instant.parse("2024-11-05T09:51:00Z"));
        assertThat(JsonFields.optionalIsoInstant(times, "/missing")).isEmpty();
        for (String pointer : new String[] {"/local", "/number"}) {
            assertThat(JsonFields.lenientIsoInstant(times, pointer)).isEmpty();
            assertThatThrownBy(() -> JsonFields.optionalIsoInstant(times, pointer))
                    .isInstanceOf(WebhookRejectedException.class).hasMessageContaining(pointer);
        }
    }

    @Test
    void readsEscapedAndEmptyReferenceTokensAsRfc6901Does() {
        assertThat(JsonFields.optionalString(ENVELOPE, "/a~1b/m~0n")).contains("escaped");
        assertThat(JsonFields.optionalString(ENVELOPE, "/")).contains("empty name");
    }

    @Test
    void findsNothingWhereThePathDoesNotLead() {
        for (String pointer : new String[] {"/missing", "/data/missing/id", "/text/length", "/gone", "/gone/id",
                "/items/2/id", "/items/-/id", "/items/01/id", "/items/+1/id", "/items/99999999999/id",
                "/items/id", "/a/b"}) {
            assertThat(JsonFields.optionalValue(ENVELOPE, pointer)).as(pointer).isEqualTo(Optional.empty());
        }
    }

    @Test
    void readsStrictlyOrLenientlyAPresentValueOfTheWrongType() {
        assertThatThrownBy(() -> JsonFields.optionalLong(ENVELOPE, "/data/object/big"))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                    assertThat(e.rejection()).isEqualTo(Rejection.MALFORMED_ENVELOPE);
                    assertThat(e.getMessage()).contains("/data/object/big").doesNotContain("1234567890");
                });
        assertThat(JsonFields.lenientLong(ENVELOPE, "/data/object/big")).isEmpty();
        assertThat(JsonFields.lenientString(ENVELOPE, "/data/object/version")).isEmpty();
        assertThat(JsonFields.optionalValue(ENVELOPE, "/data/object/version").map(JsonValue::getValueType))
                .contains(JsonValue.ValueType.NUMBER);
    }
}
