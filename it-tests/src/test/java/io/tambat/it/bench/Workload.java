package io.tambat.it.bench;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a load sends: a new request each time, and the id a successful answer confirms as stored (a delivery
 * id, an order id), which the exactly-once check then looks up.
 *
 * @param requests a new request on every call, from any thread
 * @param confirmedId the id a 2xx answer stands for; empty when nothing is to be checked
 */
record Workload(String name, Supplier<LoadRequest> requests, Function<LoadAnswer, Optional<String>> confirmedId) {

    /** The workloads' requests in turn, as one load; their answers confirm nothing (a warm-up). */
    static Workload mix(String name, List<Workload> parts) {
        AtomicLong next = new AtomicLong();
        return new Workload(name,
                () -> parts.get((int) (next.getAndIncrement() % parts.size())).requests().get(),
                answer -> Optional.empty());
    }
}
