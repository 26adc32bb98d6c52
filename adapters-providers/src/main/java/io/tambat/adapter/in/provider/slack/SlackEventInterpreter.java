package io.tambat.adapter.in.provider.slack;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import java.util.Optional;

/**
 * What a Slack event means: a notification about the workspace it came from.
 *
 * <p>Slack sends no object version and does not order its deliveries, so, as for GitHub, an event is the latest
 * {@link StateChange.Notification} of an {@code account}, the workspace ({@code team_id}), with the event type as
 * its state. A body that names no workspace concerns no object. Settings are ignored.
 */
public final class SlackEventInterpreter extends DeclaredEventInterpreter {

    public SlackEventInterpreter() {
        super("slack");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        SlackEnvelope envelope = StoredPayloads.read(() -> SlackEnvelope.read(event.payload()));
        return envelope.teamId().map(team -> notification("team id", ObjectType.ACCOUNT, team, event));
    }
}
