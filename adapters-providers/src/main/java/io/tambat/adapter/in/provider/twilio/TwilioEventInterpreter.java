package io.tambat.adapter.in.provider.twilio;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import java.util.Optional;

/**
 * What a Twilio event means: a notification about the account its form names.
 *
 * <p>Twilio sends no version and nothing that orders its callbacks, so, as for GitHub and GitLab, a form event is
 * the latest {@link StateChange.Notification} of an {@code account}, the form's {@code AccountSid}, with the
 * event type ({@code message.delivered}, {@code call.completed}...) as its state. A form without an
 * {@code AccountSid}, and a JSON event, concern no object. A repeated {@code AccountSid}, or a form that is no
 * longer valid form encoding, is uninterpretable. Settings are ignored.
 */
public final class TwilioEventInterpreter extends DeclaredEventInterpreter {

    private static final String ACCOUNT_SID = "AccountSid";

    public TwilioEventInterpreter() {
        super("twilio");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        byte[] payload = event.payload();
        if (JsonBodies.opensObject(payload)) {
            return Optional.empty();
        }
        return StoredPayloads.read(() -> FormFields.text(payload, ACCOUNT_SID))
                .filter(value -> !value.isEmpty())
                .map(account -> notification(ACCOUNT_SID, ObjectType.ACCOUNT, account, event));
    }
}
