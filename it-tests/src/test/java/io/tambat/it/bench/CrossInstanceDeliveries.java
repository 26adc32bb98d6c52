package io.tambat.it.bench;

import java.net.URI;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Signed deliveries to two instances of Tambat on one database, as a provider sends them through a load
 * balancer: each instance gets new deliveries, and one new delivery in {@value #ALSO_TO_THE_OTHER_EVERY} is sent
 * to the other instance too, with the same delivery id, body and signature, as a provider's retry that lands on
 * another instance would be. The copy is the other instance's next request, most often sent while the first is
 * still in flight, so the two race for the inbox's unique key: the hardest case for storing it once.
 */
final class CrossInstanceDeliveries {

    static final int ALSO_TO_THE_OTHER_EVERY = 10;

    private final Workload first;
    private final Workload second;

    CrossInstanceDeliveries(URI firstBase, URI secondBase) {
        Queue<LoadRequest> toFirst = new ConcurrentLinkedQueue<>();
        Queue<LoadRequest> toSecond = new ConcurrentLinkedQueue<>();
        URI firstEndpoint = SignedDeliveries.endpoint(firstBase);
        URI secondEndpoint = SignedDeliveries.endpoint(secondBase);
        first = workload("signed deliveries to the first instance", firstEndpoint, toFirst, secondEndpoint,
                toSecond);
        second = workload("signed deliveries to the second instance", secondEndpoint, toSecond, firstEndpoint,
                toFirst);
    }

    Workload first() {
        return first;
    }

    Workload second() {
        return second;
    }

    /**
     * Copies sent to this instance first, then new deliveries, every {@value #ALSO_TO_THE_OTHER_EVERY}th of which
     * is copied for the other instance; a 2xx answer confirms the delivery id either way.
     */
    private static Workload workload(String name, URI endpoint, Queue<LoadRequest> copies, URI otherEndpoint,
            Queue<LoadRequest> otherCopies) {
        AtomicLong newDeliveries = new AtomicLong();
        return new Workload(name, () -> {
            LoadRequest copy = copies.poll();
            if (copy != null) {
                return copy;
            }
            LoadRequest delivery = SignedDeliveries.delivery(endpoint);
            if (newDeliveries.incrementAndGet() % ALSO_TO_THE_OTHER_EVERY == 0) {
                otherCopies.add(delivery.to(otherEndpoint));
            }
            return delivery;
        }, SignedDeliveries::deliveryId);
    }
}
