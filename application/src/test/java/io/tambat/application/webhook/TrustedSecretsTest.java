package io.tambat.application.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.MutableClock;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.WebhookRejectedException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A version retired while a read of the store is under way never comes back from that read; deliveries that miss
 * together share one read.
 */
class TrustedSecretsTest {

    private static final EndpointId SHOP = new EndpointId("shop");

    private final MutableClock clock = MutableClock.start();
    private final InMemorySecretStore stored = new InMemorySecretStore();
    private final HeldReads store = new HeldReads(stored);
    private final TrustedSecrets secrets = new TrustedSecrets();
    private final ExecutorService deliveries = Executors.newFixedThreadPool(8);

    TrustedSecretsTest() {
        secrets.store = store;
        secrets.settings = new IngressSettings(Duration.ofMinutes(5), Duration.ofSeconds(5),
                new GroupCommitSettings(64, 2, Duration.ofSeconds(1)));
        secrets.clock = clock;
        stored.seed(SHOP, List.of(new SecretVersion("v1", "whsec_one"), new SecretVersion("v2", "whsec_two")),
                clock.instant());
    }

    @AfterEach
    void stop() {
        store.release.countDown();
        deliveries.shutdownNow();
    }

    @Test
    void aRetirementCommittedHereWhileAReadIsUnderWayIsNotUndoneByThatRead() throws Exception {
        Future<TrustedVersions> before = readWhileHeld();

        stored.retire(SHOP, "v2", clock.instant());
        secrets.changed(new SecretsChanged(SHOP));
        store.release.countDown();

        assertThat(versions(before.get(5, TimeUnit.SECONDS))).as("read before the retirement").contains("v2");
        assertThat(versions(secrets.trustedVersions(SHOP))).containsExactly("v1");
    }

    @Test
    void aRetirementAnotherInstanceCommittedWhileAReadIsUnderWayIsNotUndoneByThatRead() throws Exception {
        secrets.followChanges();
        Future<TrustedVersions> before = readWhileHeld();

        stored.retire(SHOP, "v2", clock.instant());
        secrets.followChanges();
        store.release.countDown();

        before.get(5, TimeUnit.SECONDS);
        assertThat(versions(secrets.trustedVersions(SHOP))).containsExactly("v1");
    }

    @Test
    void aReadNothingOvertookIsServedFromMemoryUntilItsTtl() {
        secrets.trustedVersions(SHOP);
        stored.retire(SHOP, "v2", clock.instant());

        assertThat(versions(secrets.trustedVersions(SHOP))).as("no change was announced").contains("v2");
        clock.advance(Duration.ofMinutes(6));
        assertThat(versions(secrets.trustedVersions(SHOP))).containsExactly("v1");
    }

    @Test
    void deliveriesThatMissTogetherShareOneReadOfTheStore() throws Exception {
        Future<TrustedVersions> first = readWhileHeld();
        List<Future<TrustedVersions>> others = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            others.add(deliveries.submit(() -> secrets.trustedVersions(SHOP)));
        }
        Thread.sleep(100);
        assertThat(others).as("waiting for the read under way").noneMatch(Future::isDone);

        store.release.countDown();

        assertThat(versions(first.get(5, TimeUnit.SECONDS))).containsExactlyInAnyOrder("v1", "v2");
        for (Future<TrustedVersions> other : others) {
            assertThat(versions(other.get(5, TimeUnit.SECONDS))).containsExactlyInAnyOrder("v1", "v2");
        }
        assertThat(store.reads.get()).isEqualTo(1);
    }

    @Test
    void aDeliveryAfterAChangeDoesNotShareAReadTheChangeOvertook() throws Exception {
        Future<TrustedVersions> before = readWhileHeld();
        stored.retire(SHOP, "v2", clock.instant());
        secrets.changed(new SecretsChanged(SHOP));

        TrustedVersions after = deliveries.submit(() -> secrets.trustedVersions(SHOP)).get(5, TimeUnit.SECONDS);

        assertThat(versions(after)).containsExactly("v1");
        assertThat(before.isDone()).as("the read the change overtook is still held").isFalse();
        store.release.countDown();
        assertThat(versions(before.get(5, TimeUnit.SECONDS))).contains("v2");
    }

    @Test
    void deliveriesSharingAReadTheStoreCouldNotAnswerAreAllRefusedAsRetryable() throws Exception {
        store.unavailable = true;
        Future<TrustedVersions> first = readWhileHeld();
        Future<TrustedVersions> joined = deliveries.submit(() -> secrets.trustedVersions(SHOP));
        Thread.sleep(100);

        store.release.countDown();

        for (Future<TrustedVersions> delivery : List.of(first, joined)) {
            assertThatThrownBy(() -> delivery.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(
                    WebhookRejectedException.class).cause().satisfies(rejected -> assertThat(
                            ((WebhookRejectedException) rejected).rejection()).isEqualTo(
                                    Rejection.SECRETS_UNAVAILABLE));
        }
    }

    /** A delivery's read of the store, stopped once it has read and before it returns. */
    private Future<TrustedVersions> readWhileHeld() throws InterruptedException {
        store.holdNext = true;
        Future<TrustedVersions> read = deliveries.submit(() -> secrets.trustedVersions(SHOP));
        assertThat(store.read.await(5, TimeUnit.SECONDS)).isTrue();
        return read;
    }

    private static List<String> versions(TrustedVersions versions) {
        return versions.usable().stream().map(SecretVersion::version).toList();
    }

    /** The store, whose next read can be held after it has read until the test releases it. */
    private static final class HeldReads implements SecretStorePort {

        final CountDownLatch read = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger reads = new AtomicInteger();
        private final SecretStorePort store;
        volatile boolean holdNext;
        volatile boolean unavailable;

        HeldReads(SecretStorePort store) {
            this.store = store;
        }

        @Override
        public TrustedVersions trustedVersions(EndpointId endpoint) {
            reads.incrementAndGet();
            TrustedVersions versions = store.trustedVersions(endpoint);
            if (holdNext) {
                holdNext = false;
                read.countDown();
                try {
                    release.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (unavailable) {
                throw new StoreUnavailableException("the store does not answer", null);
            }
            return versions;
        }

        @Override
        public List<SecretReadability> secretReadability() {
            return store.secretReadability();
        }

        @Override
        public void seed(EndpointId endpoint, List<SecretVersion> configured, Instant now) {
            store.seed(endpoint, configured, now);
        }

        @Override
        public boolean add(EndpointId endpoint, SecretVersion version, Instant now) {
            return store.add(endpoint, version, now);
        }

        @Override
        public boolean retire(EndpointId endpoint, String version, Instant now) {
            return store.retire(endpoint, version, now);
        }

        @Override
        public List<SecretVersionInfo> describe(EndpointId endpoint) {
            return store.describe(endpoint);
        }

        @Override
        public Map<EndpointId, Long> revisions() {
            return store.revisions();
        }
    }
}
