package io.tambat.application.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BackgroundActionsTest {

    private static final Operator OPERATOR = new Operator("ops@shop.example");
    private static final OperatorAction.Kind KIND = OperatorAction.Kind.INBOX_BULK_REDRIVE;

    private final MutableClock clock = MutableClock.start();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private final AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
    private final ExecutorService threads = Executors.newSingleThreadExecutor();
    private final BackgroundActions actions = Actions.on(threads, audit);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void answersTheResultOfAnActionThatEndsWithinTheWaitAndRecordsItsEnd() {
        ActionAnswer<Long> answer = actions.run(OPERATOR, KIND, Map.of("status", "FAILED"), Duration.ofSeconds(5),
                actionId -> {
                    audit.counted(actionId, 3);
                    return 3L;
                });

        assertThat(answer).isEqualTo(new ActionAnswer.Done<>(answer.actionId(), 3L));
        ActionProgress progress = trail.find(answer.actionId()).orElseThrow();
        assertThat(progress.action().count()).isEqualTo(3);
        assertThat(progress.action().filter()).isEqualTo(Map.of("status", "FAILED"));
        assertThat(progress.progressedAt()).contains(clock.instant());
        assertThat(progress.state(clock.instant())).isEqualTo(ActionProgress.State.COMPLETED);
    }

    @Test
    void answersThatALongActionRunsOnAndRecordsItsEndWhenItComes() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);

        ActionAnswer<Long> answer = actions.run(OPERATOR, KIND, Map.of(), Duration.ofMillis(50), actionId -> {
            audit.counted(actionId, 500);
            awaitQuietly(release);
            audit.counted(actionId, 20);
            finished.countDown();
            return 520L;
        });

        assertThat(answer).isEqualTo(new ActionAnswer.Running<>(answer.actionId()));
        assertThat(trail.find(answer.actionId()).orElseThrow().state(clock.instant()))
                .isEqualTo(ActionProgress.State.RUNNING);
        release.countDown();
        assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
        threads.shutdown();
        assertThat(threads.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
        ActionProgress ended = trail.find(answer.actionId()).orElseThrow();
        assertThat(ended.action().count()).isEqualTo(520);
        assertThat(ended.state(clock.instant())).isEqualTo(ActionProgress.State.COMPLETED);
    }

    @Test
    void throwsAFailureWithinTheWaitAsTheActionThrewItAndRecordsItsKind() {
        UUID[] started = new UUID[1];

        assertThatThrownBy(() -> actions.run(OPERATOR, KIND, Map.of(), Duration.ofSeconds(5), actionId -> {
            started[0] = actionId;
            throw new StoreUnavailableException("the database did not answer", null);
        })).isInstanceOf(StoreUnavailableException.class);

        ActionProgress failed = trail.find(started[0]).orElseThrow();
        assertThat(failed.state(clock.instant())).isEqualTo(ActionProgress.State.FAILED);
        assertThat(failed.failure()).contains("StoreUnavailableException");
    }

    @Test
    void recordsAFailureAfterTheWaitInTheAuditTrailAlone() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);

        ActionAnswer<Long> answer = actions.run(OPERATOR, KIND, Map.of(), Duration.ofMillis(50), actionId -> {
            awaitQuietly(release);
            throw new IllegalStateException("a defect");
        });
        release.countDown();
        threads.shutdown();
        assertThat(threads.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

        assertThat(trail.find(answer.actionId()).orElseThrow().failure()).contains("IllegalStateException");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
