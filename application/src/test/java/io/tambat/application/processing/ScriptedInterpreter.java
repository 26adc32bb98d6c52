package io.tambat.application.processing;

import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;

/**
 * The test provider's interpreter. By default an event is a snapshot: its payload is the object's state and its
 * object version the version; a test scripts any other meaning, or a failure.
 */
final class ScriptedInterpreter implements EventInterpreter {

    private Function<StoredEvent, Optional<StateChange>> meaning = event -> Optional.of(new StateChange.Versioned(
            key(event), state(event), event.objectVersion().orElseThrow()));

    static ObjectKey key(StoredEvent event) {
        return new ObjectKey(event.provider(), ObjectType.PAYMENT, event.objectId().orElseThrow());
    }

    static String state(StoredEvent event) {
        return new String(event.payload(), StandardCharsets.UTF_8);
    }

    void means(Function<StoredEvent, Optional<StateChange>> meaning) {
        this.meaning = meaning;
    }

    @Override
    public String provider() {
        return ProcessingFixture.PROVIDER;
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        return meaning.apply(event);
    }
}
