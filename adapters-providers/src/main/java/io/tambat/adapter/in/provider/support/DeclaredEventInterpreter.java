package io.tambat.adapter.in.provider.support;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;

/**
 * The provider an {@link EventInterpreter} reads, stated once in its constructor (the public no-argument one
 * {@link java.util.ServiceLoader} calls), and what follows from it: every object an event names is that
 * provider's, so its key is built here ({@link #key}), as are the two changes several providers derive the same
 * way, the latest notification of an object for providers that neither version nor order their events
 * ({@link #notification}), and the state of an entity sent whole with the time of its last update
 * ({@link #versionedState}). What an interpreter writes itself is what differs between providers: which events
 * it tracks and where their objects are.
 *
 * <p>Every build fails the way processing expects ({@link StoredPayloads#build}): a value the domain refuses makes
 * the event uninterpretable, with a message naming the field it came from.
 */
public abstract class DeclaredEventInterpreter implements EventInterpreter {

    private final String provider;

    /** @param provider the name in URLs and configuration, the one its adapter declares, e.g. {@code stripe} */
    protected DeclaredEventInterpreter(String provider) {
        this.provider = provider;
    }

    @Override
    public final String provider() {
        return provider;
    }

    /**
     * The key of this provider's object.
     *
     * @param idField where the id was read, named when the domain refuses it
     */
    protected final ObjectKey key(String idField, ObjectType type, String id) {
        return StoredPayloads.build(idField, () -> new ObjectKey(provider, type, id));
    }

    /**
     * The latest notification of this provider's object, with {@code state} as its state.
     *
     * @param idField    where the id was read, named when the domain refuses it
     * @param stateField where the state came from, named when the domain refuses it
     */
    protected final StateChange.Notification notification(String idField, ObjectType type, String id,
            String stateField, String state) {
        ObjectKey key = key(idField, type, id);
        return StoredPayloads.build(stateField, () -> new StateChange.Notification(key, state));
    }

    /** The latest notification of this provider's object, with the event's type as its state. */
    protected final StateChange.Notification notification(String idField, ObjectType type, String id,
            StoredEvent event) {
        return notification(idField, type, id, "event type", event.eventType());
    }

    /**
     * The state of an entity the provider sends whole in every event but delivers out of order: versioned by the
     * time of its last update, so that an older delivery arriving late never overwrites a newer state. Its id,
     * its state (a string) and its last update (an ISO-8601 date-time) are read in that order; the first that is
     * missing or of another type makes the event uninterpretable.
     *
     * @param entity         the payload, parsed for the three fields
     * @param idReader       how the id is read: whether a number is an id is the provider's to say, e.g.
     *                       {@link JsonFields#optionalString} or {@link JsonFields#optionalId}
     * @param version        the version the last update stands for, at the precision the provider writes it
     */
    protected final StateChange.Versioned versionedState(JsonObject entity, ObjectType type, String idField,
            BiFunction<JsonObject, String, Optional<String>> idReader, String stateField, String updatedAtField,
            ToLongFunction<Instant> version) {
        String id = StoredPayloads.required(idField, () -> idReader.apply(entity, idField));
        String state = StoredPayloads.required(stateField, () -> JsonFields.optionalString(entity, stateField));
        long updated = version.applyAsLong(StoredPayloads.required(updatedAtField,
                () -> JsonFields.optionalIsoInstant(entity, updatedAtField)));
        ObjectKey key = key(idField, type, id);
        return StoredPayloads.build(stateField, () -> new StateChange.Versioned(key, state, updated));
    }
}
