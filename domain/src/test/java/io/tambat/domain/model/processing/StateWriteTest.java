package io.tambat.domain.model.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.StateChange;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StateWriteTest {

    private static final EndpointId SHOP = new EndpointId("shop");
    private static final ObjectKey KEY = new ObjectKey("stripe", ObjectType.PAYMENT, "pi_1");
    private static final UUID INBOX_ID = UUID.randomUUID();
    private static final Instant RECEIVED_AT = Instant.parse("2026-03-01T11:59:00Z");

    @Test
    void writesEachKindOfChangeUnderItsOrderingRule() {
        assertThat(StateWrite.of(new StateChange.Versioned(KEY, "succeeded", 3), SHOP, INBOX_ID, RECEIVED_AT))
                .isEqualTo(new StateWrite(INBOX_ID, RECEIVED_AT, SHOP, KEY, "succeeded",
                        StateWrite.Rule.NEWER_VERSION, Optional.of(3L), Optional.empty(), Optional.empty()));
        assertThat(StateWrite.of(new StateChange.Sequenced(KEY, "step", 4, StateChange.Sequenced.USUAL_FIRST), SHOP,
                INBOX_ID, RECEIVED_AT).rule())
                .isEqualTo(StateWrite.Rule.NEXT_IN_SEQUENCE);
        assertThat(StateWrite.of(new StateChange.Notification(KEY, "updated"), SHOP, INBOX_ID, RECEIVED_AT).rule())
                .isEqualTo(StateWrite.Rule.ALWAYS);
        Instant readAt = Instant.parse("2026-03-01T12:00:00Z");
        assertThat(StateWrite.fetched(KEY, new ProviderObject("paid", Optional.empty()), readAt, SHOP, INBOX_ID,
                RECEIVED_AT)).isEqualTo(new StateWrite(INBOX_ID, RECEIVED_AT, SHOP, KEY, "paid",
                        StateWrite.Rule.NEWER_READ, Optional.empty(), Optional.of(readAt), Optional.empty()));
    }

    @Test
    void refusesAFetchNotYetReadAndARuleWithoutWhatItCompares() {
        assertThatThrownBy(() -> StateWrite.of(new StateChange.FetchCurrent(KEY), SHOP, INBOX_ID, RECEIVED_AT))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StateWrite(INBOX_ID, RECEIVED_AT, SHOP, KEY, "s", StateWrite.Rule.NEWER_VERSION,
                Optional.empty(), Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StateWrite(INBOX_ID, RECEIVED_AT, SHOP, KEY, "s", StateWrite.Rule.NEWER_READ,
                Optional.empty(), Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StateWrite(INBOX_ID, RECEIVED_AT, SHOP, KEY, "s", StateWrite.Rule.NEXT_IN_SEQUENCE,
                Optional.of(2L), Optional.empty(), Optional.empty())).as("a sequence has a start")
                .isInstanceOf(IllegalArgumentException.class);
    }
}
