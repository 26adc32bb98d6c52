package io.tambat.domain.model.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActionProgressTest {

    private static final Instant STARTED = Instant.parse("2026-12-07T09:00:00Z");
    private static final Operator OPERATOR = new Operator("ops@shop.example");
    private static final OperatorAction BULK = OperatorAction.bulk(UUID.randomUUID(), OPERATOR,
            OperatorAction.Kind.INBOX_BULK_REDRIVE, Map.of(), STARTED);

    @Test
    void runsUntilItEndsCompletedOrFailed() {
        Instant later = STARTED.plusSeconds(30);

        assertThat(progress(Optional.empty(), Optional.empty(), Optional.empty()).state(later))
                .isEqualTo(ActionProgress.State.RUNNING);
        assertThat(progress(Optional.of(later), Optional.of(later), Optional.empty()).state(later))
                .isEqualTo(ActionProgress.State.COMPLETED);
        assertThat(progress(Optional.of(later), Optional.of(later), Optional.of("StoreUnavailableException"))
                .state(later)).isEqualTo(ActionProgress.State.FAILED);
    }

    @Test
    void isAbandonedOnceItMadeNoProgressForLongerThanAnyBatchTakes() {
        Instant lastBatch = STARTED.plusSeconds(60);
        ActionProgress unended = progress(Optional.of(lastBatch), Optional.empty(), Optional.empty());

        assertThat(unended.state(lastBatch.plus(ActionProgress.ABANDONED_AFTER)))
                .isEqualTo(ActionProgress.State.RUNNING);
        assertThat(unended.state(lastBatch.plus(ActionProgress.ABANDONED_AFTER).plusSeconds(1)))
                .isEqualTo(ActionProgress.State.ABANDONED);
        assertThat(progress(Optional.empty(), Optional.empty(), Optional.empty())
                .state(STARTED.plus(ActionProgress.ABANDONED_AFTER).plusSeconds(1)))
                .as("never a batch since it started").isEqualTo(ActionProgress.State.ABANDONED);
    }

    @Test
    void anActionOnOneItemEndedAsItWasRecorded() {
        OperatorAction single = OperatorAction.single(UUID.randomUUID(), OPERATOR,
                OperatorAction.Kind.INBOX_REDRIVE, UUID.randomUUID().toString(), true, STARTED);

        assertThat(new ActionProgress(single, Optional.empty(), Optional.empty(), Optional.empty()).state(STARTED))
                .isEqualTo(ActionProgress.State.COMPLETED);
    }

    private static ActionProgress progress(Optional<Instant> progressed, Optional<Instant> ended,
            Optional<String> failure) {
        return new ActionProgress(BULK, progressed, ended, failure);
    }
}
