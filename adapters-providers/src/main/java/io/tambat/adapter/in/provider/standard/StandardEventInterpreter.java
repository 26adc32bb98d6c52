package io.tambat.adapter.in.provider.standard;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a Standard Webhooks (or Svix) event means. The spec fixes only the envelope's {@code type} and
 * {@code data}, not where a sender keeps its object, so the endpoint says where with JSON Pointers
 * ({@link InterpretationSettings}, RFC 6901, {@code ~0} and {@code ~1} escapes included):
 *
 * <ul>
 *   <li>type pointer: the object type code ({@code payment}, {@code subscription}, {@code refund},
 *       {@code dispute}, {@code account}). Absent, {@code null}, not a string or not a known code: the event
 *       concerns no tracked object. A value of another JSON type is not a failure, because the default
 *       {@code /data/object} is a member some senders use for a nested object.</li>
 *   <li>id pointer: required, a string or an integer (rendered in decimal).</li>
 *   <li>state pointer: required, a string.</li>
 *   <li>sequence pointer: set only for senders of deltas; an integer or a string of digits. With it the
 *       event is {@link StateChange.Sequenced}, applied strictly in sequence.</li>
 *   <li>version pointer: optional, an integer or a string of decimal digits. With it the event is
 *       {@link StateChange.Versioned}; without it (and without a sequence), {@link StateChange.FetchCurrent}.</li>
 * </ul>
 *
 * <p>A required field that is absent or of the wrong type, or a version that is neither, makes the event
 * uninterpretable; messages name the pointer, never the value.
 */
public final class StandardEventInterpreter extends DeclaredEventInterpreter {

    // The sender declares the type, so only the kinds this interpreter documents are tracked.
    private static final Set<ObjectType> TRACKED = Set.of(ObjectType.PAYMENT, ObjectType.SUBSCRIPTION,
            ObjectType.REFUND, ObjectType.DISPUTE, ObjectType.ACCOUNT);
    // At most 18 digits, so every accepted string fits in a long without an overflow check.
    private static final Pattern VERSION_DIGITS = Pattern.compile("[0-9]{1,18}");

    public StandardEventInterpreter() {
        super("standard");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        JsonObject payload = StoredPayloads.jsonObject(event.payload(), pointersRead(settings));
        Optional<ObjectType> type = JsonFields.optionalValue(payload, settings.typePointer())
                .filter(JsonString.class::isInstance)
                .map(value -> ((JsonString) value).getString())
                .flatMap(ObjectType::fromCode)
                .filter(TRACKED::contains);
        if (type.isEmpty()) {
            return Optional.empty();
        }
        String idPointer = settings.idPointer();
        String id = StoredPayloads.required(idPointer, () -> JsonFields.optionalId(payload, idPointer));
        String statePointer = settings.statePointer();
        String state = StoredPayloads.required(statePointer, () -> JsonFields.optionalString(payload, statePointer));
        ObjectKey key = key(idPointer, type.get(), id);
        if (!settings.sequencePointer().isEmpty()) {
            Optional<Long> sequence = version(payload, settings.sequencePointer());
            if (sequence.isPresent()) {
                return Optional.of(StoredPayloads.build(statePointer,
                        () -> new StateChange.Sequenced(key, state, sequence.get(), settings.sequenceStart())));
            }
        }
        Optional<Long> version = version(payload, settings.versionPointer());
        if (version.isEmpty()) {
            return Optional.of(new StateChange.FetchCurrent(key));
        }
        return Optional.of(StoredPayloads.build(statePointer,
                () -> new StateChange.Versioned(key, state, version.get())));
    }

    /** The endpoint's pointers that {@link #interpret} reads: the sequence pointer only when it is set. */
    private static JsonPointers pointersRead(InterpretationSettings settings) {
        List<String> pointers = new ArrayList<>(List.of(settings.typePointer(), settings.idPointer(),
                settings.statePointer(), settings.versionPointer()));
        if (!settings.sequencePointer().isEmpty()) {
            pointers.add(settings.sequencePointer());
        }
        return JsonPointers.of(pointers);
    }

    private static Optional<Long> version(JsonObject payload, String pointer) {
        return JsonFields.optionalValue(payload, pointer).map(value -> {
            if (value instanceof JsonString text && VERSION_DIGITS.matcher(text.getString()).matches()) {
                return Long.parseLong(text.getString());
            }
            if (value instanceof JsonNumber) {
                return StoredPayloads.read(() -> JsonFields.optionalLong(payload, pointer)).orElseThrow();
            }
            throw new UninterpretableEventException(pointer + " must be an integer or a string of digits");
        });
    }
}
