package io.tambat.adapter.in.provider.github;

import io.tambat.adapter.in.provider.support.FormFields;
import io.tambat.adapter.in.provider.support.JsonFields;
import io.tambat.adapter.in.provider.support.StoredPayloads;
import io.tambat.domain.error.UninterpretableEventException;
import io.tambat.domain.model.processing.InterpretationSettings;
import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectType;
import io.tambat.domain.model.processing.StateChange;
import io.tambat.domain.model.processing.StoredEvent;
import io.tambat.domain.port.out.EventInterpreter;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * What a GitHub event means: a notification about the account it was delivered for.
 *
 * <p>GitHub sends neither an object version nor a business state, and its deliveries carry nothing that orders
 * them, so every event is recorded as the latest {@link StateChange.Notification} of an {@code account}, with
 * the event type as its state. The account is the hook's installation target (the
 * {@code X-GitHub-Hook-Installation-Target-ID} ingress stored as the object id); for a delivery without that
 * header, the body's {@code installation.id}, {@code repository.id}, {@code organization.id} or
 * {@code sender.id}, the first present. An event naming none of them concerns no object. Settings are ignored.
 */
public final class GitHubEventInterpreter implements EventInterpreter {

    private static final String PROVIDER = "github";
    private static final List<String> ID_FIELDS =
            List.of("/installation/id", "/repository/id", "/organization/id", "/sender/id");

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        return accountId(event).map(id -> {
            ObjectKey key = StoredPayloads.build("account id", () -> new ObjectKey(PROVIDER, ObjectType.ACCOUNT, id));
            return StoredPayloads.build("event type", () -> new StateChange.Notification(key, event.eventType()));
        });
    }

    private static Optional<String> accountId(StoredEvent event) {
        Optional<String> target = event.objectId().filter(id -> !id.isBlank());
        if (target.isPresent()) {
            return target;
        }
        JsonObject payload = StoredPayloads.jsonObject(jsonPayload(event.payload()));
        for (String field : ID_FIELDS) {
            Optional<String> id = StoredPayloads.read(() -> JsonFields.optionalId(payload, field));
            if (id.isPresent()) {
                return id;
            }
        }
        return Optional.empty();
    }

    /**
     * The JSON bytes of a stored body: the body itself, or its {@code payload} form field. The stored event
     * keeps no {@code Content-Type}, so the body's first significant byte decides: a JSON object opens with a
     * left brace, which a form body cannot (a form encodes it as {@code %7B}).
     */
    private static byte[] jsonPayload(byte[] body) {
        if (opensJsonObject(body)) {
            return body;
        }
        return StoredPayloads.read(() -> FormFields.single(body, "payload"))
                .orElseThrow(() -> new UninterpretableEventException(
                        "body is neither a JSON object nor a form with a payload field"));
    }

    private static boolean opensJsonObject(byte[] body) {
        for (byte b : body) {
            // JSON's insignificant whitespace (RFC 8259 section 2).
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b == '{';
            }
        }
        return false;
    }
}
