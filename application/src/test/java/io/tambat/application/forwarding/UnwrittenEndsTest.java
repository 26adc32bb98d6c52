package io.tambat.application.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UnwrittenEndsTest {

    private static final Instant NOW = Instant.parse("2026-12-06T08:00:00Z");

    private final UnwrittenEnds ends = new UnwrittenEnds();
    private final List<List<Long>> writes = new CopyOnWriteArrayList<>();

    @Test
    void endsThatFinishWhileAnotherThreadWritesAreWrittenByItAfterwardsInOneGroup() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        ends.add(finished(1));
        Thread first = new Thread(() -> ends.writeWhileAny(group -> {
            record(group);
            writing.countDown();
            await(goOn);
        }));
        first.start();
        assertThat(writing.await(5, TimeUnit.SECONDS)).isTrue();

        for (long id = 2; id <= 4; id++) {
            ends.add(finished(id));
            ends.writeWhileAny(this::record);
        }
        assertThat(writes).as("no second writer while the first writes").containsExactly(List.of(1L));
        goOn.countDown();
        first.join(5_000);

        assertThat(writes).containsExactly(List.of(1L), List.of(2L, 3L, 4L));
    }

    @Test
    void aWriteTakesAtMostItsShareAndTheRestFollowsInTheNext() {
        for (long id = 1; id <= UnwrittenEnds.MOST_AT_ONCE + 1; id++) {
            ends.add(finished(id));
        }

        ends.writeWhileAny(this::record);

        assertThat(writes).hasSize(2);
        assertThat(writes.get(0)).hasSize(UnwrittenEnds.MOST_AT_ONCE);
        assertThat(writes.get(1)).containsExactly(UnwrittenEnds.MOST_AT_ONCE + 1L);
    }

    @Test
    void aWriteThatThrowsGivesTheWritersTurnBack() {
        ends.add(finished(1));
        try {
            ends.writeWhileAny(group -> {
                throw new IllegalStateException("the database is down");
            });
        } catch (IllegalStateException expected) {
            // The caller logs it; the turn must still be free.
        }

        ends.add(finished(2));
        ends.writeWhileAny(this::record);

        assertThat(writes).containsExactly(List.of(2L));
    }

    private void record(List<UnwrittenEnds.Finished> group) {
        writes.add(group.stream().map(finished -> finished.delivery().deliveryId()).toList());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static UnwrittenEnds.Finished finished(long deliveryId) {
        UUID inboxId = UUID.randomUUID();
        ForwardDelivery delivery = new ForwardDelivery(deliveryId, "shop", MessageType.EVENT, inboxId.toString(),
                inboxId, inboxId.toString(), NOW, new Lease(1, false), 0, "stripe", new EndpointId("stripe-main"),
                "payment_intent.succeeded", "evt_" + deliveryId, Optional.empty(), Optional.empty(),
                Optional.empty());
        return new UnwrittenEnds.Finished(delivery, DeliveryEnd.delivered(delivery, Optional.of(200), NOW));
    }
}
