package io.tambat.adapter.out.persistence.order;

import static io.tambat.adapter.out.persistence.ClaimFixture.RETENTION;
import static io.tambat.adapter.out.persistence.ClaimFixture.created;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.persistence.ClaimFixture;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.order.IdempotencyStorePort.Claim;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What {@link IdempotencyStorePort} promises, for any store: the first claim of a key owns it; a live record
 * answers every later claim with its fingerprint, outcome and operation; an expired record is claimed over
 * unless its long operation is still running; of concurrent claims exactly one owns the key, and a claim waits
 * for an uncommitted owner only as long as it is told; purging removes expired records only.
 */
abstract class IdempotencyStorePortContract extends SessionContract<IdempotencyStorePort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final long LIMIT_SECONDS = 30;

    /** The keys of every record the store holds, read past the port. */
    protected abstract List<String> storedKeys();

    @Test
    void theFirstClaimOwnsTheKey() {
        ClaimFixture request = ClaimFixture.valid();

        assertThat(claim(request, NOW)).isEqualTo(new Claim.Owned());
        assertThat(storedKeys()).containsExactly(request.key().value());
    }

    @Test
    void aLiveRecordAnswersWithItsFingerprintAndRecordedOutcome() {
        ClaimFixture request = ClaimFixture.valid();
        claimAndComplete(request, NOW, created("order-1"));

        assertThat(claim(request.withFingerprint("fingerprint-2"), NOW.plusSeconds(60))).isEqualTo(
                new Claim.Existing("fingerprint-1", Optional.of(created("order-1")), Optional.empty()));
    }

    @Test
    void aRecordInProgressAnswersWithoutAnOutcome() {
        ClaimFixture request = ClaimFixture.valid();
        claim(request, NOW);

        assertThat(claim(request, NOW.plusSeconds(60))).isEqualTo(
                new Claim.Existing("fingerprint-1", Optional.empty(), Optional.empty()));
    }

    @Test
    void aKeyIsOwnedPerTenant() {
        ClaimFixture request = ClaimFixture.valid();
        claim(request, NOW);

        assertThat(claim(request.forTenant("tenant-b"), NOW)).isEqualTo(new Claim.Owned());
    }

    @Test
    void anExpiredRecordIsClaimedOverAndForgetsItsOutcome() {
        ClaimFixture request = ClaimFixture.valid();
        claimAndComplete(request, NOW, created("order-1"));
        Instant expiry = NOW.plus(RETENTION);

        assertThat(claim(request.withFingerprint("fingerprint-2"), expiry)).isEqualTo(new Claim.Owned());
        assertThat(claim(request, expiry.plusSeconds(60))).isEqualTo(
                new Claim.Existing("fingerprint-2", Optional.empty(), Optional.empty()));
    }

    @Test
    void aLongOperationIsStoredInProgressWithItsId() {
        ClaimFixture operation = ClaimFixture.valid().asOperation();

        assertThat(claim(operation, NOW)).isEqualTo(new Claim.Owned());
        assertThat(claim(operation, NOW.plusSeconds(60))).isEqualTo(
                new Claim.Existing("fingerprint-1", Optional.empty(), Optional.of(operation.operationId())));
    }

    @Test
    void aRunningLongOperationIsNotClaimedOverAfterItsExpiry() {
        ClaimFixture operation = ClaimFixture.valid().asOperation();
        claim(operation, NOW);

        assertThat(claim(operation.withFingerprint("fingerprint-2"), NOW.plus(RETENTION).plusSeconds(60)))
                .isEqualTo(new Claim.Existing("fingerprint-1", Optional.empty(), Optional.of(operation.operationId())));
    }

    @Test
    void purgeRemovesExpiredRecordsButNotRunningOperations() {
        ClaimFixture expired = ClaimFixture.valid();
        claimAndComplete(expired, NOW, created("order-1"));
        ClaimFixture running = ClaimFixture.valid().asOperation();
        claim(running, NOW);
        ClaimFixture live = ClaimFixture.valid();
        claim(live, NOW.plus(RETENTION));

        assertThat(purge(NOW.plus(RETENTION).plusSeconds(1), 10)).isEqualTo(1);

        assertThat(storedKeys()).containsExactlyInAnyOrder(running.key().value(), live.key().value());
    }

    @Test
    void purgeRemovesAtMostABatch() {
        IntStream.range(0, 3).forEach(i -> claim(ClaimFixture.valid(), NOW));
        Instant afterExpiry = NOW.plus(RETENTION).plusSeconds(1);

        assertThat(purge(afterExpiry, 2)).isEqualTo(2);
        assertThat(purge(afterExpiry, 2)).isEqualTo(1);
        assertThat(storedKeys()).isEmpty();
    }

    @Test
    void ofConcurrentClaimsOfOneKeyExactlyOneOwnsItAndTheOthersSeeItsOutcome() {
        ClaimFixture request = ClaimFixture.valid();
        List<StoreSession<IdempotencyStorePort>> callers = IntStream.range(0, 4).mapToObj(i -> openSession())
                .toList();
        try {
            List<Callable<Claim>> claims = IntStream.range(0, callers.size())
                    .<Callable<Claim>>mapToObj(i -> () -> callers.get(i).call(store -> {
                        Claim claim = request.claim(store, NOW);
                        if (claim instanceof Claim.Owned) {
                            request.complete(store, created("order-" + i));
                        }
                        return claim;
                    }))
                    .toList();

            List<Claim> results = Race.run(claims);

            int owner = results.indexOf(new Claim.Owned());
            assertThat(owner).isNotNegative();
            assertThat(results).filteredOn(Claim.Owned.class::isInstance).hasSize(1);
            assertThat(results).filteredOn(Claim.Existing.class::isInstance).hasSize(callers.size() - 1)
                    .allSatisfy(claim -> assertThat(((Claim.Existing) claim).outcome())
                            .contains(created("order-" + owner)));
        } finally {
            callers.forEach(StoreSession::close);
        }
    }

    @Test
    void aClaimWaitsForAnUncommittedOwnerOnlyAsLongAsItIsTold() throws Exception {
        ClaimFixture request = ClaimFixture.valid();
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService ownerThread = Executors.newSingleThreadExecutor();
        try (StoreSession<IdempotencyStorePort> owner = openSession()) {
            Future<Claim> owned = ownerThread.submit(() -> owner.call(store -> {
                Claim claim = request.claim(store, NOW);
                request.complete(store, created("order-1"));
                claimed.countDown();
                await(release);
                return claim;
            }));
            await(claimed);

            assertThatThrownBy(() -> session.call(store -> request.claim(store, NOW, Duration.ofMillis(200))))
                    .isInstanceOf(IdempotencyInProgressException.class);

            release.countDown();
            assertThat(owned.get(LIMIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(new Claim.Owned());
            assertThat(claim(request, NOW)).isEqualTo(
                    new Claim.Existing("fingerprint-1", Optional.of(created("order-1")), Optional.empty()));
        } finally {
            ownerThread.shutdownNow();
        }
    }

    private Claim claim(ClaimFixture request, Instant now) {
        return session.call(store -> request.claim(store, now));
    }

    private void claimAndComplete(ClaimFixture request, Instant now, RecordedOutcome outcome) {
        session.run(store -> {
            assertThat(request.claim(store, now)).isEqualTo(new Claim.Owned());
            request.complete(store, outcome);
        });
    }

    private int purge(Instant now, int batch) {
        return session.call(store -> store.purgeExpired(now, batch));
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the other transaction did not get there within " + LIMIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the other transaction", e);
        }
    }
}
