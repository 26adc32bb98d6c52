package io.tambat.adapter.in.http.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.http.body.BoundedBody;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class UnverifiedBytesBudgetTest {

    private static final long MIB = 1024 * 1024;

    @Test
    void refusesAReservationThatWouldGoOverTheBudget() {
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(2 * MIB);

        assertThat(budget.tryReserve(MIB)).isPresent();
        assertThat(budget.tryReserve(MIB)).isPresent();
        assertThat(budget.tryReserve(1)).isEmpty();
        assertThat(budget.held()).as("a refusal holds nothing").isEqualTo(2 * MIB);
    }

    @Test
    void refusesAReservationLargerThanTheWholeBudgetEvenWhenNothingIsHeld() {
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(MIB);

        assertThat(budget.tryReserve(MIB + 1)).isEmpty();
        assertThat(budget.held()).isZero();
    }

    @Test
    void makesRoomOnceAReservationIsReleased() {
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(2 * MIB);
        UnverifiedBytesBudget.Reservation first = budget.tryReserve(MIB).orElseThrow();
        budget.tryReserve(MIB).orElseThrow();
        assertThat(budget.tryReserve(MIB)).isEmpty();

        first.release();

        assertThat(budget.tryReserve(MIB)).isPresent();
    }

    @Test
    void givesEachReservationBackExactlyOnceHoweverOftenItIsReleased() {
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(2 * MIB);
        UnverifiedBytesBudget.Reservation verified = budget.tryReserve(MIB).orElseThrow();
        budget.tryReserve(MIB).orElseThrow();

        verified.release();
        verified.release();
        verified.close();

        assertThat(budget.held()).isEqualTo(MIB);
    }

    @Test
    void holdsTheEndpointsCapForABodyOfUnknownLengthAndTheDeclaredLengthOtherwise() {
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(MIB + 100);

        assertThat(budget.tryReserve(BoundedBody.mostBytes(-1, MIB))).as("chunked").isPresent();
        assertThat(budget.held()).isEqualTo(MIB);
        assertThat(budget.tryReserve(BoundedBody.mostBytes(100, MIB))).as("declared").isPresent();
        assertThat(budget.tryReserve(BoundedBody.mostBytes(-1, MIB))).as("another chunked").isEmpty();
        assertThat(budget.held()).isEqualTo(MIB + 100);
    }

    @Test
    void neverHoldsLessThanNothingNorMoreThanTheBudgetWhileThreadsReserveAndRelease() throws Exception {
        long capacity = 4 * MIB;
        UnverifiedBytesBudget budget = new UnverifiedBytesBudget(capacity);
        AtomicLong lowest = new AtomicLong(Long.MAX_VALUE);
        AtomicLong highest = new AtomicLong(Long.MIN_VALUE);
        AtomicLong refused = new AtomicLong();
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                workers.add(pool.submit(() -> {
                    start.await();
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    for (int round = 0; round < 20_000; round++) {
                        // Two held at once by one thread, up to 3 MiB each: the budget is reached even without
                        // another thread running beside it.
                        Optional<UnverifiedBytesBudget.Reservation> outer = budget.tryReserve(random.nextLong(3 * MIB));
                        Optional<UnverifiedBytesBudget.Reservation> inner = budget.tryReserve(random.nextLong(3 * MIB));
                        long held = budget.held();
                        lowest.accumulateAndGet(held, Math::min);
                        highest.accumulateAndGet(held, Math::max);
                        if (outer.isEmpty() || inner.isEmpty()) {
                            refused.incrementAndGet();
                        }
                        inner.ifPresent(UnverifiedBytesBudget.Reservation::release);
                        outer.ifPresent(reservation -> {
                            reservation.release();
                            reservation.release();
                        });
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(lowest.get()).isNotNegative();
        assertThat(highest.get()).isLessThanOrEqualTo(capacity);
        assertThat(refused.get()).as("reservations refused at the budget").isPositive();
        assertThat(budget.held()).as("everything given back").isZero();
    }
}
