package io.tambat.application.payload;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.InMemoryObjectStore;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OrphanedPayloadObjectsTest {

    private final MutableClock clock = MutableClock.start();
    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final Set<PayloadObjectKey> named = new HashSet<>();
    private final OrphanedPayloadObjects sweep = sweep(new PayloadStoreSettings(true, true));

    @Test
    void deletesTheObjectsOfSettledHoursThatNoRowNames() {
        PayloadObjectKey orphan = put(clock.instant().minus(Duration.ofHours(3)));
        PayloadObjectKey kept = put(clock.instant().minus(Duration.ofHours(3)));
        named.add(kept);

        assertThat(sweep.runBatch()).isEqualTo(2);

        assertThat(objects.objects()).containsOnlyKeys(kept.value());
        assertThat(objects.objects()).doesNotContainKey(orphan.value());
    }

    @Test
    void neverLooksAtAnHourWhoseRowsMayStillCommit() {
        PayloadObjectKey recent = put(clock.instant().minus(Duration.ofMinutes(30)));

        assertThat(sweep.runBatch()).isZero();

        assertThat(objects.objects()).containsOnlyKeys(recent.value());
    }

    @Test
    void walksOnFromTheLastObjectItExamined() {
        for (int i = 0; i < OrphanedPayloadObjects.PAGE + 5; i++) {
            named.add(put(clock.instant().minus(Duration.ofHours(3))));
        }
        PayloadObjectKey orphan = put(clock.instant().minus(Duration.ofHours(2)));

        assertThat(sweep.runBatch()).isEqualTo(OrphanedPayloadObjects.PAGE);
        assertThat(sweep.runBatch()).isEqualTo(6);
        assertThat(sweep.runBatch()).as("nothing settled is left").isZero();

        assertThat(objects.objects()).hasSize(OrphanedPayloadObjects.PAGE + 5).doesNotContainKey(orphan.value());
        PayloadObjectKey later = put(clock.instant().minus(Duration.ofMinutes(30)));
        clock.advance(Duration.ofHours(1));
        assertThat(sweep.runBatch()).as("only the hour that has settled since").isEqualTo(1);
        assertThat(objects.objects()).doesNotContainKey(later.value());
    }

    @Test
    void startsADayBeforeTheSettledHours() {
        PayloadObjectKey tooOld = put(clock.instant().minus(Duration.ofDays(2)));

        assertThat(sweep.runBatch()).isZero();

        assertThat(objects.objects()).containsOnlyKeys(tooOld.value());
    }

    @Test
    void doesNothingWithoutAnObjectStore() {
        put(clock.instant().minus(Duration.ofHours(3)));

        assertThat(sweep(PayloadStoreSettings.IN_ROWS).runBatch()).isZero();

        assertThat(objects.objects()).hasSize(1);
    }

    private PayloadObjectKey put(Instant receivedAt) {
        PayloadObjectKey key = PayloadObjectKey.of(receivedAt, UUID.randomUUID());
        objects.put(key, new SealedPayload("k1", new byte[16]));
        return key;
    }

    private OrphanedPayloadObjects sweep(PayloadStoreSettings settings) {
        OrphanedPayloadObjects built = new OrphanedPayloadObjects();
        built.objects = objects;
        built.settings = settings;
        built.clock = clock;
        built.inbox = new InboxRetentionPort() {
            @Override
            public Purged purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
                throw new UnsupportedOperationException("the sweep purges nothing");
            }

            @Override
            public Purged purgeFinished(Instant receivedBefore, int batch) {
                throw new UnsupportedOperationException("the sweep purges nothing");
            }

            @Override
            public int purgeKeysWithoutRows(Instant receivedBefore, int batch) {
                throw new UnsupportedOperationException("the sweep purges nothing");
            }

            @Override
            public Set<PayloadObjectKey> stillNamed(Collection<PayloadObjectKey> keys) {
                return keys.stream().filter(named::contains).collect(Collectors.toSet());
            }
        };
        return built;
    }
}
