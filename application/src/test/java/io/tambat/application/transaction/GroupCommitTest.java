package io.tambat.application.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.error.StorageRejectedException;
import io.tambat.domain.error.StoreUnavailableException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Whatever a committer's transaction throws, and however long it takes, every caller is answered in bounded time. */
class GroupCommitTest {

    private static final long PATIENCE_SECONDS = 10;

    private final ExecutorService callers = Executors.newFixedThreadPool(8);
    private final List<List<String>> groups = new CopyOnWriteArrayList<>();
    private final List<String> alone = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstStarted = new CountDownLatch(1);
    private final CountDownLatch releaseFirst = new CountDownLatch(1);
    private volatile RuntimeException groupFailure;
    private volatile Error groupError;

    @AfterEach
    void stop() {
        releaseFirst.countDown();
        callers.shutdownNow();
    }

    @Test
    void aGroupWhoseTransactionThrowsAnErrorAnswersEveryMemberWithItAtOnce() throws Exception {
        groupError = new OutOfMemoryError("Java heap space");
        GroupCommit<String, String> commit = heldFirst(Duration.ofSeconds(10));
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        List<Future<String>> members = queue(commit, "a", "b", "c");

        releaseFirst.countDown();

        assertThat(first.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("first");
        for (Future<String> member : members) {
            assertThatThrownBy(() -> member.get(1, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .hasCause(groupError);
        }
        assertThat(groups).containsExactly(List.of("a", "b", "c"));
        assertThat(alone).as("an Error is no request's own refusal").containsExactly("first");
    }

    @Test
    void anUnavailableStoreAnswersTheWholeGroupAtOnceInsteadOfTryingEachAlone() throws Exception {
        groupFailure = new StoreUnavailableException("inbox commit failed: java.net.SocketTimeoutException", null);
        GroupCommit<String, String> commit = heldFirst(Duration.ofSeconds(10));
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        List<Future<String>> members = queue(commit, "a", "b", "c");

        releaseFirst.countDown();

        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        for (Future<String> member : members) {
            assertThatThrownBy(() -> member.get(1, TimeUnit.SECONDS)).hasCause(groupFailure);
        }
        assertThat(alone).containsExactly("first");
    }

    @Test
    void anOutageAlsoAnswersEveryRequestStillQueuedInsteadOfTryingTheStoreAgainForEach() throws Exception {
        groupFailure = new StoreUnavailableException("inbox commit failed: java.net.SocketTimeoutException", null);
        CountDownLatch groupStarted = new CountDownLatch(1);
        CountDownLatch releaseGroup = new CountDownLatch(1);
        GroupCommit<String, String> commit = new GroupCommit<>(new GroupCommitSettings(2, 1,
                Duration.ofSeconds(10)), request -> 1, group -> {
                    groups.add(group);
                    groupStarted.countDown();
                    await(releaseGroup);
                    throw groupFailure;
                }, this::heldAlone);
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        List<Future<String>> taken = queue(commit, "a", "b");
        releaseFirst.countDown();
        groupStarted.await();
        List<Future<String>> queued = queue(commit, "c", "d", "e");

        releaseGroup.countDown();

        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        for (Future<String> request : concat(taken, queued)) {
            assertThatThrownBy(() -> request.get(1, TimeUnit.SECONDS)).hasCause(groupFailure);
        }
        assertThat(groups).as("one try of the store, not one a group").containsExactly(List.of("a", "b"));
        assertThat(commit.queued()).isZero();
    }

    @Test
    void whileTheStoreIsUnavailableOneRequestAtATimeTriesItAndEveryOtherIsRefusedAtOnce() throws Exception {
        CountDownLatch tryStarted = new CountDownLatch(1);
        CountDownLatch releaseTry = new CountDownLatch(1);
        AtomicReference<Boolean> storeDown = new AtomicReference<>(true);
        GroupCommit<String, String> commit = new GroupCommit<>(new GroupCommitSettings(64, 2,
                Duration.ofSeconds(10)), request -> 1, group -> group, request -> {
                    alone.add(request);
                    if (request.equals("try")) {
                        tryStarted.countDown();
                        await(releaseTry);
                    }
                    if (storeDown.get()) {
                        throw new StoreUnavailableException("inbox commit failed: java.net.ConnectException", null);
                    }
                    return request;
                });
        assertThatThrownBy(() -> commit.submit("first")).isInstanceOf(StoreUnavailableException.class);

        Future<String> trying = callers.submit(() -> commit.submit("try"));
        tryStarted.await();
        long started = System.nanoTime();
        assertThatThrownBy(() -> commit.submit("refused")).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("another request is trying it");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(100));
        storeDown.set(false);
        releaseTry.countDown();

        assertThat(trying.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("try");
        assertThat(commit.submit("after")).as("the store answered again").isEqualTo("after");
        assertThat(alone).containsExactly("first", "try", "after");
    }

    @Test
    void aRowTheStoreRefusesStillFailsAloneWhileTheRestOfItsGroupCommits() throws Exception {
        groupFailure = new StorageRejectedException("a row was refused", null);
        GroupCommit<String, String> commit = heldFirst(Duration.ofSeconds(10));
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        List<Future<String>> members = queue(commit, "a", "b");

        releaseFirst.countDown();

        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        for (Future<String> member : members) {
            assertThat(member.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isIn("a", "b");
        }
        assertThat(alone).containsExactlyInAnyOrder("first", "a", "b");
    }

    @Test
    void aRequestStillQueuedAfterTheLongestWaitIsRefusedAsUnavailableAndNeverCommitted() throws Exception {
        GroupCommit<String, String> commit = heldFirst(Duration.ofMillis(200));
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        Future<String> late = callers.submit(() -> commit.submit("late"));

        assertThatThrownBy(() -> late.get(2, TimeUnit.SECONDS)).cause().isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("no commit within PT0.2S");
        assertThat(commit.queued()).isZero();
        releaseFirst.countDown();
        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(alone).containsExactly("first");
        assertThat(groups).isEmpty();
    }

    @Test
    void anInterruptedCallerStillQueuedIsWithdrawnAtOnceWithItsInterruptKept() throws Exception {
        GroupCommit<String, String> commit = heldFirst(Duration.ofSeconds(10));
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Future<String> interrupted = callers.submit(() -> {
            Thread.currentThread().interrupt();
            try {
                return commit.submit("interrupted");
            } finally {
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            }
        });

        assertThatThrownBy(() -> interrupted.get(1, TimeUnit.SECONDS)).cause()
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(stillInterrupted).hasValue(true);
        releaseFirst.countDown();
        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(alone).containsExactly("first");
    }

    @Test
    void anInterruptedCallerWhoseRequestACommitterTookWaitsForItWithoutSpinning() throws Exception {
        CountDownLatch groupStarted = new CountDownLatch(1);
        CountDownLatch releaseGroup = new CountDownLatch(1);
        GroupCommit<String, String> commit = heldGroups(Duration.ofSeconds(10), groupStarted, releaseGroup);
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        Future<String> committer = callers.submit(() -> commit.submit("a"));
        awaitQueued(commit, 1);
        AtomicReference<Thread> caller = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Future<String> taken = callers.submit(() -> {
            caller.set(Thread.currentThread());
            try {
                return commit.submit("b");
            } finally {
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            }
        });
        awaitQueued(commit, 2);
        releaseFirst.countDown();
        groupStarted.await();

        caller.get().interrupt();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getThreadCpuTime(caller.get().getId());
        Thread.sleep(300);
        long cpuDuring = threads.getThreadCpuTime(caller.get().getId()) - cpuBefore;
        releaseGroup.countDown();

        assertThat(taken.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("b");
        assertThat(committer.get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("a");
        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(cpuDuring)).as("CPU while it waited 300 ms").isLessThan(50);
        assertThat(stillInterrupted).hasValue(true);
        assertThat(groups).containsExactly(List.of("a", "b"));
    }

    @Test
    void aRequestACommitterTookIsRefusedAsUnavailableOnceItsCallerWaitedTheLongestWaitWhileTheTransactionHangs()
            throws Exception {
        CountDownLatch groupStarted = new CountDownLatch(1);
        CountDownLatch releaseGroup = new CountDownLatch(1);
        GroupCommit<String, String> commit = heldGroups(Duration.ofMillis(300), groupStarted, releaseGroup);
        Future<String> first = callers.submit(() -> commit.submit("first"));
        firstStarted.await();
        List<Future<String>> members = queue(commit, "a", "b");
        releaseFirst.countDown();
        groupStarted.await();

        assertThatThrownBy(() -> members.get(1).get(2, TimeUnit.SECONDS)).cause()
                .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("may yet be committed");
        assertThat(members.get(0)).as("the committer's own caller waits for its transaction").isNotDone();
        releaseGroup.countDown();
        assertThat(members.get(0).get(PATIENCE_SECONDS, TimeUnit.SECONDS)).isEqualTo("a");
        first.get(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(groups).containsExactly(List.of("a", "b"));
    }

    /** One committer; the first request's own transaction waits until the test releases it. */
    private GroupCommit<String, String> heldFirst(Duration maxWait) {
        return new GroupCommit<>(new GroupCommitSettings(64, 1, maxWait), request -> 1, group -> {
            groups.add(group);
            if (groupError != null) {
                throw groupError;
            }
            if (groupFailure != null) {
                throw groupFailure;
            }
            return group;
        }, this::heldAlone);
    }

    /** One committer; the first request's own transaction, and each group's, wait until the test releases them. */
    private GroupCommit<String, String> heldGroups(Duration maxWait, CountDownLatch groupStarted,
            CountDownLatch releaseGroup) {
        return new GroupCommit<>(new GroupCommitSettings(64, 1, maxWait), request -> 1, group -> {
            groupStarted.countDown();
            await(releaseGroup);
            groups.add(group);
            return group;
        }, this::heldAlone);
    }

    private String heldAlone(String request) {
        alone.add(request);
        if (request.equals("first")) {
            firstStarted.countDown();
            await(releaseFirst);
        }
        return request;
    }

    /** Queues the requests one after another, so a group holds them in the order given. */
    private List<Future<String>> queue(GroupCommit<String, String> commit, String... requests) throws Exception {
        List<Future<String>> queued = new ArrayList<>();
        int alreadyQueued = commit.queued();
        for (String request : requests) {
            queued.add(callers.submit(() -> commit.submit(request)));
            awaitQueued(commit, alreadyQueued + queued.size());
        }
        return queued;
    }

    private static List<Future<String>> concat(List<Future<String>> first, List<Future<String>> second) {
        List<Future<String>> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    private static void awaitQueued(GroupCommit<?, ?> commit, int requests) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        while (commit.queued() < requests && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(commit.queued()).isEqualTo(requests);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
