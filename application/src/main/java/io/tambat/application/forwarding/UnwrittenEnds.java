package io.tambat.application.forwarding;

import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One destination's finished attempts whose ends are not written yet, and who writes them. The thread that
 * finishes an attempt adds its end, then writes, unless another thread is writing already: that one takes the
 * end with the rest when its write is done. Ends are thus written one thread at a time per destination, in
 * groups of whatever finished during the write before: one by one under a light load, many at once under a
 * heavy one, and no end waits on a timer.
 */
final class UnwrittenEnds {

    /** An attempt as it ended, with the delivery it was made at. */
    record Finished(ForwardDelivery delivery, DeliveryEnd end) {
    }

    /** The most ends one write takes, so that its transaction stays short. */
    static final int MOST_AT_ONCE = 256;

    private final Queue<Finished> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean();

    void add(Finished finished) {
        waiting.add(finished);
    }

    /**
     * Writes what waits, a group at a time, while there is any and no other thread writes. The check after each
     * write catches an end added while this thread held the writer's turn, which its adder could not take.
     */
    void writeWhileAny(Consumer<List<Finished>> write) {
        while (!waiting.isEmpty() && writing.compareAndSet(false, true)) {
            try {
                List<Finished> group = new ArrayList<>();
                for (Finished next = waiting.poll(); next != null; next = group.size() < MOST_AT_ONCE
                        ? waiting.poll() : null) {
                    group.add(next);
                }
                write.accept(group);
            } finally {
                writing.set(false);
            }
        }
    }
}
