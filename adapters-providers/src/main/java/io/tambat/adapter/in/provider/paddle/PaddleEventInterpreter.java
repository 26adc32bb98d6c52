package io.tambat.adapter.in.provider.paddle;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * What a Paddle event means: the state of the entity its {@code data} carries, for transactions (as a
 * {@code payment}), subscriptions and adjustments (as a {@code refund}).
 *
 * <p>Paddle sends the whole entity in every event and does not deliver events in order, so an event is a
 * {@link StateChange.Versioned} keyed by {@code data.id}, with {@code data.status} as the state and
 * {@code data.updated_at} (epoch microseconds) as the version ({@link PaddleEntityFields}): a late
 * {@code transaction.paid} never overwrites the {@code completed} state of a newer one. A tracked event without
 * those fields, or with one of another type, is uninterpretable; other event types concern no tracked object.
 * Settings are ignored: Paddle's envelope is fixed.
 */
public final class PaddleEventInterpreter extends DeclaredEventInterpreter {

    public PaddleEventInterpreter() {
        super("paddle");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        Optional<ObjectType> type = PaddleEntityFields.objectType(event.eventType());
        if (type.isEmpty()) {
            // Decided on the type alone: an event nobody tracks must not fail on a payload nobody reads.
            return Optional.empty();
        }
        JsonObject payload = StoredPayloads.jsonObject(event.payload(), PaddleEntityFields.READ);
        return Optional.of(versionedState(payload, type.get(), PaddleEntityFields.ID, JsonFields::optionalString,
                PaddleEntityFields.STATUS, PaddleEntityFields.UPDATED_AT, PaddleEntityFields::version));
    }
}
