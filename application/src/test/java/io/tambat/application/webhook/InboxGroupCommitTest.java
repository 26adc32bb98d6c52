package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.MutableClock;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.domain.error.StorageRejectedException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.PayloadDigest;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.webhook.InboxPort;
import io.tambat.provider.spi.WebhookEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Deliveries that arrive while a commit is under way share the next one, and each still gets exactly its own
 * answer, or its own failure.
 */
class InboxGroupCommitTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final RecordingAcceptance acceptance = new RecordingAcceptance();
    private final InboxGroupCommit groupCommit = groupCommit(64, 1);
    private final ExecutorService senders = Executors.newFixedThreadPool(8);

    @AfterEach
    void stopSenders() {
        senders.shutdownNow();
    }

    @Test
    void aDeliveryAloneIsCommittedAloneAndAnsweredWithItsRows() {
        NewInboxEvent entry = entry("evt-1");

        List<InboxPort.Insertion> answer = groupCommit.accept(List.of(entry));

        assertThat(answer).containsExactly(new InboxPort.Insertion(entry.inboxId(), true));
        assertThat(acceptance.transactions).containsExactly(List.of("evt-1"));
    }

    @Test
    void deliveriesArrivingDuringACommitShareTheNextAndEachGetsItsOwnAnswer() throws Exception {
        acceptance.holdFirstCommit();
        Future<List<InboxPort.Insertion>> first = senders.submit(() -> groupCommit.accept(List.of(entry("evt-0"))));
        acceptance.awaitFirstCommitStarted();
        Map<String, Future<List<InboxPort.Insertion>>> waiting = new ConcurrentHashMap<>();
        for (int i = 1; i <= 5; i++) {
            NewInboxEvent entry = entry("evt-" + i);
            waiting.put(entry.event().providerEventId(), senders.submit(() -> groupCommit.accept(List.of(entry))));
        }
        awaitQueued(5);

        acceptance.releaseFirstCommit();

        assertThat(first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).hasSize(1);
        for (Map.Entry<String, Future<List<InboxPort.Insertion>>> sent : waiting.entrySet()) {
            List<InboxPort.Insertion> answer = sent.getValue().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertThat(answer).singleElement()
                    .satisfies(insertion -> assertThat(acceptance.eventOf(insertion.inboxId())).isEqualTo(sent.getKey()));
        }
        assertThat(acceptance.transactions).hasSize(2);
        assertThat(acceptance.transactions.get(1)).containsExactlyInAnyOrder("evt-1", "evt-2", "evt-3", "evt-4",
                "evt-5");
    }

    @Test
    void aGroupNeverExceedsItsEntryLimit() throws Exception {
        InboxGroupCommit limited = groupCommit(2, 1);
        acceptance.holdFirstCommit();
        Future<?> first = senders.submit(() -> limited.accept(List.of(entry("evt-0"))));
        acceptance.awaitFirstCommitStarted();
        List<Future<?>> waiting = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            NewInboxEvent entry = entry("evt-" + i);
            waiting.add(senders.submit(() -> limited.accept(List.of(entry))));
        }
        awaitQueued(5, limited);

        acceptance.releaseFirstCommit();

        first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        for (Future<?> sent : waiting) {
            sent.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        }
        assertThat(acceptance.transactions).allSatisfy(group -> assertThat(group.size()).isLessThanOrEqualTo(2));
        assertThat(acceptance.transactions.stream().mapToInt(List::size).sum()).isEqualTo(6);
    }

    @Test
    void aRefusedDeliveryFailsAloneAndTheRestOfItsGroupIsStored() throws Exception {
        acceptance.refuse("evt-poison");
        acceptance.holdFirstCommit();
        Future<?> first = senders.submit(() -> groupCommit.accept(List.of(entry("evt-0"))));
        acceptance.awaitFirstCommitStarted();
        Future<List<InboxPort.Insertion>> good = senders.submit(() -> groupCommit.accept(List.of(entry("evt-good"))));
        Future<List<InboxPort.Insertion>> poison = senders.submit(
                () -> groupCommit.accept(List.of(entry("evt-poison"))));
        awaitQueued(2);

        acceptance.releaseFirstCommit();

        first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertThat(good.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).singleElement()
                .satisfies(insertion -> assertThat(insertion.created()).isTrue());
        assertThatThrownBy(() -> poison.get(PATIENCE.toSeconds(), TimeUnit.SECONDS))
                .hasCauseInstanceOf(StorageRejectedException.class);
        assertThat(acceptance.committedEvents()).containsExactlyInAnyOrder("evt-0", "evt-good");
    }

    @Test
    void anOutageFailsEveryDeliveryWithTheStoresOwnException() {
        acceptance.unavailable = true;

        assertThatThrownBy(() -> groupCommit.accept(List.of(entry("evt-1"))))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(acceptance.committedEvents()).isEmpty();
    }

    @Test
    void keepsAMultiEventDeliveryTogetherAndInOrder() {
        NewInboxEvent a = entry("evt-a");
        NewInboxEvent b = entry("evt-b");

        List<InboxPort.Insertion> answer = groupCommit.accept(List.of(a, b));

        assertThat(answer).extracting(InboxPort.Insertion::inboxId).containsExactly(a.inboxId(), b.inboxId());
    }

    private void awaitQueued(int deliveries) throws InterruptedException {
        awaitQueued(deliveries, groupCommit);
    }

    /** Waits until the senders' deliveries are queued behind the commit under way. */
    private static void awaitQueued(int deliveries, InboxGroupCommit commit) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (commit.queued() < deliveries) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + commit.queued() + " deliveries queued");
            }
            Thread.sleep(5);
        }
    }

    private InboxGroupCommit groupCommit(int maxEntries, int committers) {
        InboxGroupCommit built = new InboxGroupCommit();
        built.acceptance = acceptance;
        built.settings = new IngressSettings(Duration.ofMinutes(1), Duration.ofSeconds(5),
                new GroupCommitSettings(maxEntries, committers, Duration.ofSeconds(10)));
        built.clock = MutableClock.start();
        built.start();
        return built;
    }

    private static NewInboxEvent entry(String eventId) {
        return new NewInboxEvent(UUID.randomUUID(), "test", new EndpointId("shop"),
                new WebhookEvent(eventId, "thing.happened", Optional.empty(), Optional.empty(), Optional.empty()),
                Instant.parse("2026-11-02T09:00:00Z"), new StoredPayload.InRow(new SealedPayload("k1", new byte[16])),
                new PayloadDigest(new byte[32], List.of()), "v1",
                Optional.empty(), Optional.empty());
    }

    /**
     * One transaction per call, recorded by event id; it can hold its first commit open, refuse any group that
     * holds a given event (as a database refuses one bad row), or fail as a store that cannot answer.
     */
    private static final class RecordingAcceptance extends InboxAcceptance {
        final List<List<String>> transactions = Collections.synchronizedList(new ArrayList<>());
        private final Map<UUID, String> committed = new ConcurrentHashMap<>();
        private final CountDownLatch firstStarted = new CountDownLatch(1);
        private CountDownLatch firstHeld = new CountDownLatch(0);
        private volatile String refused = "";
        volatile boolean unavailable;

        void holdFirstCommit() {
            firstHeld = new CountDownLatch(1);
        }

        void awaitFirstCommitStarted() throws InterruptedException {
            assertThat(firstStarted.await(PATIENCE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }

        void releaseFirstCommit() {
            firstHeld.countDown();
        }

        void refuse(String eventId) {
            refused = eventId;
        }

        String eventOf(UUID inboxId) {
            return committed.get(inboxId);
        }

        List<String> committedEvents() {
            return List.copyOf(committed.values());
        }

        @Override
        public List<InboxPort.Insertion> accept(List<NewInboxEvent> entries, Optional<Duration> replayWindow,
                Instant now) {
            List<String> events = entries.stream().map(entry -> entry.event().providerEventId()).toList();
            transactions.add(events);
            if (firstStarted.getCount() > 0) {
                firstStarted.countDown();
                awaitRelease();
            }
            if (unavailable) {
                throw new StoreUnavailableException("the inbox cannot answer", null);
            }
            if (events.contains(refused)) {
                throw new StorageRejectedException("a row was refused", null);
            }
            entries.forEach(entry -> committed.put(entry.inboxId(), entry.event().providerEventId()));
            return entries.stream().map(entry -> new InboxPort.Insertion(entry.inboxId(), true)).toList();
        }

        private void awaitRelease() {
            try {
                firstHeld.await(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
