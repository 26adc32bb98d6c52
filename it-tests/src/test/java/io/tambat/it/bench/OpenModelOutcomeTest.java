package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The rate that asks of this machine what the open model's goal asked of the machine it was set on. */
class OpenModelOutcomeTest {

    @Test
    void theGoalsOwnMachineGetsTheGoalsRate() {
        assertThat(OpenModelOutcome.sameShareAsTheGoal(OptionalDouble.of(5160))).hasValue(1500);
    }

    @Test
    void aSlowerDatabaseGetsTheSameShareOfItsRate() {
        assertThat(OpenModelOutcome.sameShareAsTheGoal(OptionalDouble.of(3141))).hasValue(913);
    }

    @Test
    void withoutPgbenchThereIsNoShareToTake() {
        assertThat(OpenModelOutcome.sameShareAsTheGoal(OptionalDouble.empty())).isEmpty();
    }
}
