package io.tambat.adapter.in.provider.support.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.adapter.json.JsonPointers;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A body pruned to the fields read gives, for each of them, what the whole body gives. */
class PrunedJsonBodiesTest {

    // What the adapters and interpreters read, with the Standard Webhooks defaults and the pointers of the
    // custom-pointer fixtures.
    private static final List<String> ADAPTER_POINTERS = List.of(
            "/installation/id", "/repository/id", "/organization/id", "/sender/id",
            "/id", "/type", "/created", "/data/object/id", "/data/object/object",
            "/data/object/refunds", "/data/object/refunds/data/0/id", "/data/object/account", "/account",
            "/timestamp", "/data/object", "/data/id", "/data/version", "/data/status",
            "/resource/kind", "/resource/ref", "/resource/seq", "/resource/phase",
            "/data/acme~1object", "/data/acme~1id", "/data/rev~1no", "/data/state~0v2");

    static Stream<Arguments> fixtures() {
        return Stream.of(
                "github/installation.json", "github/organization.json", "github/ping.json", "github/push.json",
                "github/sponsorship.json", "standard/custom-pointers.json", "standard/escaped-pointers.json",
                "standard/payment.updated.json", "stripe/account.application.deauthorized.json",
                "stripe/account.external_account.updated.json", "stripe/account.updated.json",
                "stripe/charge.dispute.created.json", "stripe/charge.refund.updated.json",
                "stripe/charge.refunded.json", "stripe/charge.succeeded.json", "stripe/customer.created.json",
                "stripe/customer.subscription.updated.json", "stripe/payment_intent.succeeded.json",
                "stripe/refund.created.json", "stripe/charge.dispute.closed@2025-03-31.basil.json",
                "stripe/charge.refunded@2025-03-31.basil.json", "stripe/refund.created@2025-03-31.basil.json",
                "stripe/refund.updated@2025-03-31.basil.json")
                .map(fixture -> fixture.split("/"))
                .map(path -> Arguments.of(path[0] + "/" + path[1], EventFixtures.read(path[0], path[1])));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void readsTheAdaptersFieldsAsTheWholeBodyDoes(String fixture, byte[] body) {
        JsonObject whole = JsonBodies.parseObject(body);
        JsonObject pruned = JsonBodies.parseObject(body, JsonPointers.of(ADAPTER_POINTERS));
        for (String pointer : ADAPTER_POINTERS) {
            assertThat(JsonFields.optionalValue(pruned, pointer)).as(pointer)
                    .isEqualTo(JsonFields.optionalValue(whole, pointer));
            assertThat(JsonFields.lenientId(pruned, pointer)).as(pointer)
                    .isEqualTo(JsonFields.lenientId(whole, pointer));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void readsEveryValueAndEveryNeighbourAsTheWholeBodyDoes(String fixture, byte[] body) {
        JsonObject whole = JsonBodies.parseObject(body);
        List<String> pointers = new ArrayList<>();
        addPointers(whole, "", pointers);
        for (String pointer : pointers) {
            JsonObject pruned = JsonBodies.parseObject(body, JsonPointers.of(pointer));
            assertThat(JsonFields.optionalValue(pruned, pointer)).as(pointer)
                    .isEqualTo(JsonFields.optionalValue(whole, pointer));
        }
    }

    /**
     * The pointer of every value under {@code value}, and of what is not there: a member no object has, an
     * element past each array's end, and a field below each scalar.
     */
    private static void addPointers(JsonValue value, String pointer, List<String> pointers) {
        if (value instanceof JsonObject object) {
            pointers.add(pointer + "/absent");
            object.forEach((name, member) -> {
                String escaped = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
                pointers.add(escaped);
                addPointers(member, escaped, pointers);
            });
        } else if (value instanceof JsonArray array) {
            pointers.add(pointer + "/" + array.size());
            for (int i = 0; i < array.size(); i++) {
                pointers.add(pointer + "/" + i);
                addPointers(array.get(i), pointer + "/" + i, pointers);
            }
        } else {
            pointers.add(pointer + "/id");
        }
    }
}
