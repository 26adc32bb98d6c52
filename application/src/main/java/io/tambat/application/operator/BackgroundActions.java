package io.tambat.application.operator;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a bulk operator action on a managed thread of its own, so that no HTTP request holds the database for as
 * long as the action takes: the action is on record before it starts, its count grows with each batch that commits
 * and its end (completed, or failed with the kind of failure) is recorded in the audit trail, where
 * {@code GET /admin/actions/{id}} follows it. The caller waits a bounded time and hears the result if it ended by
 * then.
 */
@ApplicationScoped
public class BackgroundActions {

    private static final Logger LOG = Logger.getLogger(BackgroundActions.class.getName());

    /** The container's managed threads; any executor in a unit test. */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor executor;

    @Inject
    AuditTrail audit;

    /**
     * Records the action, runs {@code work} with its id in the background, and waits for it at most {@code wait}.
     * A failure within the wait is thrown here as the work threw it (a store outage stays one); one after it is
     * only in the audit trail and the log.
     */
    public <R> ActionAnswer<R> run(Operator operator, OperatorAction.Kind kind, Map<String, String> filter,
            Duration wait, Function<UUID, R> work) {
        UUID actionId = audit.bulk(operator, kind, filter);
        CompletableFuture<R> running = CompletableFuture.supplyAsync(() -> ended(actionId, kind, work), executor);
        try {
            return new ActionAnswer.Done<>(actionId, running.get(wait.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return new ActionAnswer.Running<>(actionId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ActionAnswer.Running<>(actionId);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private <R> R ended(UUID actionId, OperatorAction.Kind kind, Function<UUID, R> work) {
        R result;
        try {
            result = work.apply(actionId);
        } catch (RuntimeException | Error e) {
            LOG.log(Level.WARNING, "{0} {1} failed: {2}", new Object[] {kind.code(), actionId, e.getClass().getName()});
            recordEnd(actionId, Optional.of(e.getClass().getSimpleName()));
            throw e;
        }
        recordEnd(actionId, Optional.empty());
        return result;
    }

    /**
     * The end, if the database takes it: when it does not (it may be what failed), the action makes no more
     * progress and reads as abandoned once {@link io.tambat.domain.model.operator.ActionProgress#ABANDONED_AFTER}
     * has passed.
     */
    private void recordEnd(UUID actionId, Optional<String> failure) {
        try {
            audit.ended(actionId, failure);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the end of action {0} was not recorded: {1}",
                    new Object[] {actionId, e.getClass().getName()});
        }
    }
}
