package io.tambat.it.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Closed-loop load: each of a fixed number of keep-alive connections sends its next request as soon as the
 * previous one is answered, so the rate is the most the server gives at that concurrency. Latency runs from each
 * send. At the end every connection finishes the request it has in flight: no request is cut off.
 */
final class ClosedLoopLoad {

    private final int connections;

    ClosedLoopLoad(int connections) {
        this.connections = connections;
    }

    LoadResult run(Workload workload, int seconds) throws InterruptedException {
        LoadResult result = new LoadResult();
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        ExecutorService senders = Executors.newFixedThreadPool(connections);
        LoadClient client = new LoadClient(connections);
        for (int c = 0; c < connections; c++) {
            senders.submit(() -> {
                while (true) {
                    LoadRequest request = workload.requests().get();
                    long sent = System.nanoTime();
                    if (sent >= end) {
                        return;
                    }
                    client.exchange(workload, request, sent, result);
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(seconds + 120L, TimeUnit.SECONDS);
        result.finish(System.nanoTime() - start);
        client.close();
        return result;
    }
}
