package io.tambat.application.payload;

import io.tambat.application.work.BatchJob;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Deletes payload objects that no row names: put for a delivery whose transaction then stored nothing (a duplicate,
 * a rollback, a crash between the put and the commit), or by a move batch that rolled back. A page a
 * second walks the objects in key order, oldest hour first, and asks the inbox which of them rows still name.
 *
 * <p>It walks only hours that ended {@link #SETTLED} ago: a row commits within seconds of the time its object's key
 * is named after, so an object of such an hour that no row names never will be. The walk moves forward and stays
 * at the newest settled hour; an instance that starts resumes {@link #LOOKBACK} before the settled hours, an
 * object older than that and never examined being left to the bucket's lifecycle rule (docs/deploying.md).
 */
@ApplicationScoped
public class OrphanedPayloadObjects implements BatchJob {

    static final int PAGE = 1_000;
    static final Duration INTERVAL = Duration.ofSeconds(1);
    /** Far longer than any inbox transaction lasts, and than the clocks of two instances differ. */
    static final Duration SETTLED = Duration.ofHours(1);
    static final Duration LOOKBACK = Duration.ofDays(1);
    private static final UUID FIRST_OF_AN_HOUR = new UUID(0, 0);

    @Inject
    PayloadObjectStorePort objects;

    @Inject
    InboxRetentionPort inbox;

    @Inject
    PayloadStoreSettings settings;

    @Inject
    Clock clock;

    /** The last object examined; a page starts after it. Only the scheduler's one thread for this job moves it. */
    private volatile Optional<PayloadObjectKey> walked = Optional.empty();

    @Override
    public String name() {
        return "orphaned payload objects";
    }

    @Override
    public Cadence cadence() {
        return Cadence.PERIODIC;
    }

    @Override
    public Duration interval() {
        return INTERVAL;
    }

    /** @return how many objects the page examined; 0 without an object store or when no settled one is left */
    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int runBatch() {
        if (!settings.objectStoreConfigured()) {
            return 0;
        }
        Instant settledBefore = clock.instant().minus(SETTLED);
        Optional<PayloadObjectKey> after = walked.or(() -> Optional.of(
                PayloadObjectKey.of(settledBefore.minus(LOOKBACK), FIRST_OF_AN_HOUR)));
        List<PayloadObjectKey> page = objects.writtenBefore(settledBefore, after, PAGE);
        if (page.isEmpty()) {
            walked = after;
            return 0;
        }
        Set<PayloadObjectKey> named = inbox.stillNamed(page);
        objects.delete(page.stream().filter(key -> !named.contains(key)).toList());
        walked = Optional.of(page.get(page.size() - 1));
        return page.size();
    }
}
