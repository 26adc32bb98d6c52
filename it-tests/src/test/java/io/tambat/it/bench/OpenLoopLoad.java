package io.tambat.it.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Open-loop load: requests sent on a fixed schedule, whatever the answers take, by a bounded set of
 * keep-alive connections, as a fleet of clients sends. When every connection is busy, requests fall behind
 * schedule and that delay counts as latency, so a slow server cannot hide behind a slow client. Requests still
 * unsent {@value #LATE_LIMIT_SECONDS} s after the schedule ends are not sent at all, and counted as such: a run
 * against a server that cannot keep up ends in bounded time.
 */
final class OpenLoopLoad {

    static final int LATE_LIMIT_SECONDS = 5;

    private final int connections;

    OpenLoopLoad(int connections) {
        this.connections = connections;
    }

    LoadResult run(Workload workload, int rate, int seconds) throws InterruptedException {
        LoadResult result = new LoadResult();
        long intervalNanos = 1_000_000_000L / rate;
        long total = (long) rate * seconds;
        AtomicLong next = new AtomicLong();
        long start = System.nanoTime();
        long lastSend = start + (seconds + LATE_LIMIT_SECONDS) * 1_000_000_000L;
        ExecutorService senders = Executors.newFixedThreadPool(connections);
        LoadClient client = new LoadClient(connections);
        for (int c = 0; c < connections; c++) {
            senders.submit(() -> {
                long i;
                while ((i = next.getAndIncrement()) < total) {
                    long scheduled = start + i * intervalNanos;
                    long wait = scheduled - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    } else if (System.nanoTime() > lastSend) {
                        return;
                    }
                    client.exchange(workload, workload.requests().get(), scheduled, result);
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(seconds * 10L + 60, TimeUnit.SECONDS);
        result.finish(System.nanoTime() - start);
        client.close();
        result.notSent(total - result.sent());
        return result;
    }
}
