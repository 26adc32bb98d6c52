package io.tambat.adapter.in.provider.slack;

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

class SlackEventInterpreterTest {

    private final SlackEventInterpreter interpreter = new SlackEventInterpreter();

    private Optional<StateChange> interpret(String eventType, String body) {
        return interpreter.interpret(new StoredEvent("slack", "Ev0PV52K21", eventType, Optional.empty(),
                Optional.empty(), utf8(body)), InterpretationSettings.STANDARD_DEFAULTS);
    }

    private static StateChange.Notification notification(String team, String state) {
        return new StateChange.Notification(new ObjectKey("slack", ObjectType.ACCOUNT, team), state);
    }

    @Test
    void recordsAnEventsApiEventAsTheLatestNotificationOfItsWorkspace() {
        assertThat(interpret("app_mention", "{\"team_id\":\"T061EG9R6\",\"type\":\"event_callback\","
                + "\"event_id\":\"Ev0PV52K21\",\"event\":{\"type\":\"app_mention\"}}"))
                .contains(notification("T061EG9R6", "app_mention"));
    }

    @Test
    void recordsSlashCommandsAndInteractionsOfTheirWorkspace() {
        assertThat(interpret("slash_command", "command=%2Fdeploy&team_id=T1DC2JH3J&trigger_id=398.474.803a"))
                .contains(notification("T1DC2JH3J", "slash_command"));
        assertThat(interpret("block_actions", "payload=%7B%22type%22%3A%22block_actions%22%2C%22team%22%3A%7B%22id"
                + "%22%3A%22T9TK3CUKW%22%7D%2C%22trigger_id%22%3A%2212466734323.1395872398%22%7D"))
                .contains(notification("T9TK3CUKW", "block_actions"));
    }

    @Test
    void changesNothingForAnEventThatNamesNoWorkspace() {
        assertThat(interpret("app_rate_limited", "{\"type\":\"app_rate_limited\",\"event_id\":\"Ev1\"}")).isEmpty();
    }

    @Test
    void failsAStoredBodyThatIsNoSlackEnvelope() {
        assertThatThrownBy(() -> interpret("message", "user_id=U1&text=hello"))
                .isInstanceOf(UninterpretableEventException.class)
                .hasMessageNotContaining("hello");
    }
}
