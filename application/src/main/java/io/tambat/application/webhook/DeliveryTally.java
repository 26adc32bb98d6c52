package io.tambat.application.webhook;

import io.tambat.application.port.in.webhook.CountDeliveriesUseCase;
import io.tambat.domain.model.webhook.DeliveryCount;
import io.tambat.domain.port.out.webhook.DeliveryCountsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Counts answered deliveries per minute in memory and adds them to the store every few seconds
 * ({@link DeliveryTallyWriter}), so a delivery costs a map update rather than a write and every instance's
 * counts sum up in one place. A write that fails gives its counts back for the next one; what an instance
 * counted after its last write is lost if it dies (the chart misses a few seconds, Prometheus does not).
 */
@ApplicationScoped
public class DeliveryTally implements CountDeliveriesUseCase {

    private static final Comparator<Key> WRITE_ORDER = Comparator.comparing(Key::minute)
            .thenComparing(Key::provider).thenComparing(Key::outcome);

    @Inject
    DeliveryCountsPort store;

    @Inject
    Clock clock;

    private final Map<Key, Long> unwritten = new ConcurrentHashMap<>();

    @Override
    public void counted(String provider, String outcome) {
        unwritten.merge(new Key(minuteOf(clock.instant()), provider, outcome), 1L, Long::sum);
    }

    @Override
    @Transactional
    public Window lastMinutes(int minutes, Optional<String> provider) {
        if (minutes < 1 || minutes > MAX_MINUTES) {
            throw new IllegalArgumentException("minutes must be 1 to " + MAX_MINUTES);
        }
        Instant last = minuteOf(clock.instant());
        Instant from = last.minus(Duration.ofMinutes(minutes - 1L));
        Map<Instant, Map<String, Long>> byMinute = new TreeMap<>();
        for (Instant minute = from; !minute.isAfter(last); minute = minute.plus(Duration.ofMinutes(1))) {
            byMinute.put(minute, new TreeMap<>());
        }
        Map<String, Long> totals = new TreeMap<>();
        BiConsumer<Key, Long> add = (key, count) -> {
            Map<String, Long> outcomes = byMinute.get(key.minute());
            if (outcomes != null && provider.map(key.provider()::equals).orElse(true)) {
                outcomes.merge(key.outcome(), count, Long::sum);
                totals.merge(key.outcome(), count, Long::sum);
            }
        };
        for (DeliveryCount stored : store.since(from)) {
            add.accept(new Key(stored.minute(), stored.provider(), stored.outcome()), stored.deliveries());
        }
        unwritten.forEach(add);
        List<Minute> listed = new ArrayList<>(byMinute.size());
        byMinute.forEach((minute, outcomes) -> listed.add(new Minute(minute, outcomes)));
        return new Window(from, last.plus(Duration.ofMinutes(1)), totals, listed);
    }

    /**
     * Adds what this instance counted since the last write to the store, in one order on every instance so two
     * writers never deadlock, and forgets the minutes older than {@link #KEPT}.
     *
     * @return how many counts it wrote
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public int write() {
        Instant now = clock.instant();
        Map<Key, Long> taken = new TreeMap<>(WRITE_ORDER);
        for (Key key : unwritten.keySet()) {
            Long count = unwritten.remove(key);
            if (count != null && !key.minute().isBefore(now.minus(KEPT))) {
                taken.put(key, count);
            }
        }
        if (!taken.isEmpty()) {
            try {
                store.add(counts(taken));
            } catch (RuntimeException e) {
                taken.forEach((key, count) -> unwritten.merge(key, count, Long::sum));
                throw e;
            }
        }
        store.forgetBefore(minuteOf(now).minus(KEPT));
        return taken.size();
    }

    private static List<DeliveryCount> counts(Map<Key, Long> sums) {
        List<DeliveryCount> counts = new ArrayList<>(sums.size());
        sums.forEach((key, count) -> counts.add(new DeliveryCount(key.minute(), key.provider(), key.outcome(), count)));
        return counts;
    }

    private static Instant minuteOf(Instant at) {
        return at.truncatedTo(ChronoUnit.MINUTES);
    }

    private record Key(Instant minute, String provider, String outcome) {
    }
}
