package io.tambat.adapter.in.provider.gitlab;

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

class GitLabEventInterpreterTest {

    private final GitLabEventInterpreter interpreter = new GitLabEventInterpreter();

    private Optional<StateChange> interpret(String body) {
        return interpreter.interpret(new StoredEvent("gitlab", "evt_under_test",
                "Merge Request Hook", Optional.of("99"),
                Optional.empty(), utf8(body)), InterpretationSettings.STANDARD_DEFAULTS);
    }

    @Test
    void anEventIsANotificationAboutTheProjectItsBodyNames() {
        assertThat(interpret("{\"object_kind\":\"merge_request\",\"project\":{\"id\":15}}")).contains(
                new StateChange.Notification(new ObjectKey("gitlab", new ObjectType("project"), "15"), "Merge Request Hook"));
    }

    @Test
    void anEventWithoutAProjectConcernsNoObject() {
        assertThat(interpret("{\"object_kind\":\"group_create\",\"group_id\":78}")).isEmpty();
    }

    @Test
    void aProjectIdOfAnotherTypeOrABodyThatIsNotJsonIsUninterpretable() {
        assertThatThrownBy(() -> interpret("{\"project\":{\"id\":[15]}}"))
                .isInstanceOf(UninterpretableEventException.class);
        assertThatThrownBy(() -> interpret("not json")).isInstanceOf(UninterpretableEventException.class);
    }
}
