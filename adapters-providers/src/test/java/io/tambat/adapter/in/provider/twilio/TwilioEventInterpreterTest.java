package io.tambat.adapter.in.provider.twilio;

import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TwilioEventInterpreterTest {

    private static final String ACCOUNT = "AC0123456789abcdef0123456789abcdef";

    private final TwilioEventInterpreter interpreter = new TwilioEventInterpreter();

    private Optional<StateChange> interpret(String eventType, String body) {
        return interpreter.interpret(new StoredEvent("twilio", "SM1:delivered", eventType, Optional.of("SM1"),
                Optional.empty(), utf8(body)), InterpretationSettings.STANDARD_DEFAULTS);
    }

    @Test
    void aFormEventIsANotificationAboutTheAccountItNamesWithTheEventTypeAsState() {
        assertThat(interpret("message.delivered", "MessageSid=SM1&MessageStatus=delivered&AccountSid=" + ACCOUNT))
                .contains(new StateChange.Notification(new ObjectKey("twilio", ObjectType.ACCOUNT, ACCOUNT),
                        "message.delivered"));
        assertThat(interpret("call", "CallSid=CA1&AccountSid=" + ACCOUNT + "&From=%2B14155550100"))
                .contains(new StateChange.Notification(new ObjectKey("twilio", ObjectType.ACCOUNT, ACCOUNT), "call"));
    }

    @Test
    void aFormWithoutAnAccountAndAJsonEventConcernNoObject() {
        assertThat(interpret("message.sent", "MessageSid=SM1&MessageStatus=sent")).isEmpty();
        assertThat(interpret("message.sent", "MessageSid=SM1&AccountSid=")).isEmpty();
        assertThat(interpret("twilio.event", " {\"id\":\"EZ1\",\"AccountSid\":\"" + ACCOUNT + "\"}")).isEmpty();
    }

    @Test
    void aRepeatedAccountOrABrokenFormIsUninterpretable() {
        assertThatThrownBy(() -> interpret("message.sent", "AccountSid=AC1&AccountSid=AC2"))
                .isInstanceOf(UninterpretableEventException.class).hasMessageContaining("AccountSid");
        assertThatThrownBy(() -> interpret("message.sent", "AccountSid=AC1&Body=%ZZ"))
                .isInstanceOf(UninterpretableEventException.class);
    }
}
