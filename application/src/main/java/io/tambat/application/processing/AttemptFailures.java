package io.tambat.application.processing;

import io.tambat.application.work.WorkSettings;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.provider.spi.TransientProcessingException;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a failed attempt leaves behind: a failure that retrying cannot cure ends the event FAILED at once; any
 * other is retried with backoff and jitter until the attempts run out. Reasons are redacted: they name what
 * failed, never content, since they are logged and stored with the row.
 */
@ApplicationScoped
public class AttemptFailures {

    private static final Logger LOG = Logger.getLogger(AttemptFailures.class.getName());

    @Inject
    ProcessingCompletion completion;

    @Inject
    WorkSettings work;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Clock clock;

    /** Uniform in [0, 1): spreads retries out; a unit test fixes it to know the next attempt time. */
    DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

    /**
     * Ends or retries the event whose attempt threw {@code failure}: an uninterpretable event ends FAILED, a
     * transient failure or any other error is retried while attempts remain. Only an exception's class is kept
     * from an unexpected error, as its message may quote content.
     */
    public void handle(LeasedInboxEvent event, RuntimeException failure) {
        if (failure instanceof UninterpretableEventException) {
            giveUp(event, "uninterpretable: " + failure.getMessage());
        } else if (failure instanceof TransientProcessingException) {
            retryOrGiveUp(event, "transient: " + failure.getMessage());
        } else {
            retryOrGiveUp(event, "error: " + failure.getClass().getName());
        }
    }

    /** Ends the event FAILED for a redacted {@code reason}, without another attempt. */
    public void giveUp(LeasedInboxEvent event, String reason) {
        LOG.log(Level.WARNING, "inbox {0} FAILED after {1} attempt(s): {2}",
                new Object[] {event.inboxId(), event.lease().attempt(), reason});
        if (completion.fail(event, reason, clock.instant())) {
            metrics.failed();
        }
    }

    /** When an event whose first attempt failed at {@code now} would be tried again, jittered as every retry is. */
    public Instant firstRetryAfter(Instant now) {
        return work.retry().nextAttempt(1, now, jitter);
    }

    private void retryOrGiveUp(LeasedInboxEvent event, String reason) {
        int attempt = event.lease().attempt();
        if (!work.retry().allowsAnotherAttempt(attempt)) {
            giveUp(event, reason + " (after " + attempt + " attempts)");
            return;
        }
        Instant now = clock.instant();
        Instant next = work.retry().nextAttempt(attempt, now, jitter);
        LOG.log(Level.INFO, "inbox {0} attempt {1} failed, retrying at {2}: {3}",
                new Object[] {event.inboxId(), attempt, next, reason});
        if (completion.retryLater(event, next, reason, now)) {
            metrics.retried();
        }
    }
}
