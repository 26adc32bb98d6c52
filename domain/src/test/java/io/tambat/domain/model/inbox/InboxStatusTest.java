package io.tambat.domain.model.inbox;

import static io.tambat.domain.model.inbox.InboxStatus.FAILED;
import static io.tambat.domain.model.inbox.InboxStatus.PROCESSED;
import static io.tambat.domain.model.inbox.InboxStatus.PROCESSING;
import static io.tambat.domain.model.inbox.InboxStatus.RECEIVED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InboxStatusTest {

    @Test
    void onlyALeaseStartsWork() {
        assertThat(RECEIVED.canMoveTo(PROCESSING)).isTrue();
        assertThat(RECEIVED.canMoveTo(PROCESSED)).isFalse();
        assertThat(RECEIVED.canMoveTo(FAILED)).isFalse();
    }

    @Test
    void anAttemptEndsProcessedFailedOrBackForARetry() {
        assertThat(PROCESSING.canMoveTo(PROCESSED)).isTrue();
        assertThat(PROCESSING.canMoveTo(FAILED)).isTrue();
        assertThat(PROCESSING.canMoveTo(RECEIVED)).isTrue();
    }

    @Test
    void processedGoesBackOnlyByReplayAndFailedOnlyByRedrive() {
        for (InboxStatus next : InboxStatus.values()) {
            assertThat(PROCESSED.canMoveTo(next)).isEqualTo(next == RECEIVED);
            assertThat(FAILED.canMoveTo(next)).isEqualTo(next == RECEIVED);
        }
    }
}
