package io.tambat.domain.model.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NewForwardTest {

    private static final UUID INBOX_ID = UUID.fromString("0190f3c2-7d1e-7a3b-9c4d-5e6f708192a3");

    @Test
    void aMessageAboutAnObjectIsKeyedByItsProviderEndpointAndIdAndOtherwiseByItsInboxId() {
        assertThat(NewForward.orderingKey("stripe", "stripe-main", Optional.of("pi_1"), INBOX_ID))
                .isEqualTo("stripe:stripe-main:pi_1");
        assertThat(NewForward.orderingKey("stripe", "stripe-main", Optional.empty(), INBOX_ID))
                .isEqualTo(INBOX_ID.toString());
    }

    @Test
    void aStateChangesMessageIdIsTheSameEverywhereAndNeverItsEventsNorAnotherEventsOne() {
        String id = NewForward.stateChangeMessageId(INBOX_ID);

        assertThat(NewForward.stateChangeMessageId(UUID.fromString(INBOX_ID.toString()))).isEqualTo(id);
        assertThat(id).isNotEqualTo(NewForward.eventMessageId(INBOX_ID))
                .isNotEqualTo(NewForward.stateChangeMessageId(UUID.randomUUID()));
        assertThat(UUID.fromString(id)).as("a UUID, as an event's is").isNotNull();
    }
}
