package io.tambat.adapter.in.http.webhook;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of webhook bodies this server holds before their signatures verified. A body must be read
 * before it can be verified, so without a bound anonymous senders decide how much of the heap their bodies
 * take: the endpoint's cap bounds one request, and this bounds all of them together, whatever the number of
 * threads reading. A request reserves the most its body can hold before a byte of it is read, and gives it
 * back once the delivery verified, or was refused, or failed; a reservation that would take the bytes held over
 * the budget is refused, and the request is answered 429 without its body being read.
 *
 * <p>Thread-safe and lock-free: one counter moved by compare-and-set, so a flood contends on no lock. Per server
 * instance. Not guaranteed: that the bytes held are the bytes allocated. A body is counted once, though reading a
 * chunked one briefly holds it twice and verifying may make other short-lived copies; see
 * {@code docs/capacity.md} for sizing the budget with them in mind.
 */
public final class UnverifiedBytesBudget {

    private final long capacity;
    private final AtomicLong held = new AtomicLong();

    /**
     * @throws IllegalArgumentException when the capacity is not positive
     */
    public UnverifiedBytesBudget(long capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("an unverified-bytes budget holds at least one byte");
        }
        this.capacity = capacity;
    }

    /** The most bytes held at once. */
    public long capacity() {
        return capacity;
    }

    /**
     * Holds {@code bytes} until the reservation is released, or refuses when they would take the bytes held over
     * the capacity. A refusal holds nothing and needs no release.
     *
     * @throws IllegalArgumentException when {@code bytes} is negative
     */
    public Optional<Reservation> tryReserve(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a reservation holds zero bytes or more");
        }
        long before;
        do {
            before = held.get();
            if (bytes > capacity - before) {
                return Optional.empty();
            }
        } while (!held.compareAndSet(before, before + bytes));
        return Optional.of(new Reservation(bytes));
    }

    /** The bytes reserved and not yet released. */
    long held() {
        return held.get();
    }

    /**
     * Bytes held for one request. Released exactly once, however many times {@link #release()} is called and
     * from however many threads, so that the moment the delivery verified and the request's {@code finally} can
     * both release it.
     */
    public final class Reservation implements AutoCloseable {

        private final long bytes;
        private final AtomicBoolean released = new AtomicBoolean();

        private Reservation(long bytes) {
            this.bytes = bytes;
        }

        /** Gives the bytes back, the first time only. */
        public void release() {
            if (released.compareAndSet(false, true)) {
                held.addAndGet(-bytes);
            }
        }

        @Override
        public void close() {
            release();
        }
    }
}
