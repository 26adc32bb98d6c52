package io.tambat.kit.example;

import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.util.Optional;

/**
 * The processing half of the worked example: Acme's {@code payment.*} events carry the payment's {@code id},
 * {@code status} and an increasing {@code version} under {@code data}, so each is a {@link StateChange.Versioned}
 * payment state; other types concern no tracked object.
 */
public final class AcmeEventInterpreter implements EventInterpreter {

    @Override
    public String provider() {
        return "acme";
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        if (!event.eventType().startsWith("payment.")) {
            return Optional.empty();
        }
        JsonObject data;
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(event.payload()))) {
            data = reader.readObject().getJsonObject("data");
        } catch (JsonException | ClassCastException | IllegalStateException e) {
            throw new UninterpretableEventException("data is not a JSON object");
        }
        if (data == null || !(data.get("version") instanceof JsonNumber version) || !version.isIntegral()) {
            throw new UninterpretableEventException("data.version is missing or not an integer");
        }
        try {
            return Optional.of(new StateChange.Versioned(new ObjectKey("acme", ObjectType.PAYMENT,
                    data.getString("id")), data.getString("status"), version.longValueExact()));
        } catch (ClassCastException | NullPointerException | ArithmeticException | IllegalArgumentException e) {
            throw new UninterpretableEventException("data.id, data.status or data.version is not usable");
        }
    }
}
