package io.tambat.adapter.in.http.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OperatorActionJsonTest {

    private static final UUID ACTION_ID = UUID.fromString("01a23380-2929-74dd-a81d-b0fc3cb5867d");
    private static final Instant STARTED = Instant.parse("2026-12-01T10:00:00Z");
    private static final OperatorAction REDRIVE = new OperatorAction(ACTION_ID, "alice",
            OperatorAction.Kind.INBOX_BULK_REDRIVE, Optional.empty(), Map.of("endpoint", "std"), 1500, STARTED);

    @Test
    void listsAnAuditEntryWithItsTime() {
        JsonObject json = OperatorActionJson.entry(REDRIVE).build();

        assertThat(json.getString("action_id")).isEqualTo(ACTION_ID.toString());
        assertThat(json.getString("actor")).isEqualTo("alice");
        assertThat(json.getString("action")).isEqualTo("inbox.bulk_redrive");
        assertThat(json.getJsonObject("filter").getString("endpoint")).isEqualTo("std");
        assertThat(json.getJsonNumber("count").longValue()).isEqualTo(1500);
        assertThat(json.getString("at")).isEqualTo("2026-12-01T10:00:00Z");
        assertThat(json.get("target")).isEqualTo(JsonValue.NULL);
    }

    @Test
    void showsARunningActionWithItsLastProgress() {
        ActionProgress progress = new ActionProgress(REDRIVE, Optional.of(STARTED.plusSeconds(30)), Optional.empty(),
                Optional.empty());

        JsonObject json = OperatorActionJson.progress(progress, STARTED.plusSeconds(40)).build();

        assertThat(json.getString("action_id")).isEqualTo(ACTION_ID.toString());
        assertThat(json.getString("action")).isEqualTo("inbox.bulk_redrive");
        assertThat(json.getJsonNumber("count").longValue()).isEqualTo(1500);
        assertThat(json.getString("started_at")).isEqualTo("2026-12-01T10:00:00Z");
        assertThat(json.getString("state")).isEqualTo("running");
        assertThat(json.getString("progressed_at")).isEqualTo("2026-12-01T10:00:30Z");
        assertThat(json.get("ended_at")).isEqualTo(JsonValue.NULL);
        assertThat(json.get("failure")).isEqualTo(JsonValue.NULL);
        assertThat(json).doesNotContainKey("at");
    }

    @Test
    void showsHowAnActionEndedOrThatItWasAbandoned() {
        Instant ended = STARTED.plusSeconds(90);
        JsonObject failed = OperatorActionJson.progress(new ActionProgress(REDRIVE, Optional.of(STARTED),
                Optional.of(ended), Optional.of("StoreUnavailableException")), ended).build();
        JsonObject abandoned = OperatorActionJson.progress(new ActionProgress(REDRIVE, Optional.empty(),
                Optional.empty(), Optional.empty()), STARTED.plus(ActionProgress.ABANDONED_AFTER).plusSeconds(1))
                .build();

        assertThat(failed.getString("state")).isEqualTo("failed");
        assertThat(failed.getString("ended_at")).isEqualTo("2026-12-01T10:01:30Z");
        assertThat(failed.getString("failure")).isEqualTo("StoreUnavailableException");
        assertThat(abandoned.getString("state")).isEqualTo("abandoned");
        assertThat(abandoned.get("progressed_at")).isEqualTo(JsonValue.NULL);
    }
}
