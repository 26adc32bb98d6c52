package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class StateChangeTest {

    private static final ObjectKey REFUND = new ObjectKey("stripe", ObjectType.REFUND, "re_1");

    @Test
    void fetchesAnObjectOfTheKeysOwnAccountUnlessAConnectedAccountIsNamed() {
        assertThat(new StateChange.FetchCurrent(REFUND).connectedAccount()).isEmpty();
        assertThat(new StateChange.FetchCurrent(REFUND, Optional.of("acct_1")).connectedAccount())
                .contains("acct_1");
    }

    @Test
    void refusesABlankOrOverlongConnectedAccountWithoutQuotingIt() {
        String overlong = "acct_" + "x".repeat(ObjectKey.MAX_ID_LENGTH);
        for (String account : new String[] {"", " ", overlong}) {
            assertThatThrownBy(() -> new StateChange.FetchCurrent(REFUND, Optional.of(account)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("connected account must be 1-255 characters");
        }
    }
}
