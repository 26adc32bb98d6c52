package io.tambat.it.bench;

import io.tambat.it.support.TambatServerProcess;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two instances of Tambat on one database, loaded at once by closed loops that split the connections between
 * them, with {@link CrossInstanceDeliveries} anew each run: each instance's CPU and memory is measured over its
 * own loop, the database's over both, since it serves both.
 */
final class TwoInstances {

    private final Instance first;
    private final Instance second;
    private final DatabaseCpu databaseCpu;

    TwoInstances(TambatServerProcess first, TambatServerProcess second, DatabaseCpu databaseCpu, int connections) {
        this.first = new Instance(first.baseUri(), new ServerResources(first.pid()),
                new ClosedLoopLoad(connections / 2));
        this.second = new Instance(second.baseUri(), new ServerResources(second.pid()),
                new ClosedLoopLoad(connections - connections / 2));
        this.databaseCpu = databaseCpu;
    }

    ScaleOutRun measure(int seconds) throws InterruptedException {
        CrossInstanceDeliveries deliveries = new CrossInstanceDeliveries(first.base(), second.base());
        DatabaseCpu.Stopwatch database = databaseCpu.stopwatch();
        ExecutorService loops = Executors.newFixedThreadPool(2);
        try {
            Future<TambatRun> onFirst = loops.submit(() -> first.measure(deliveries.first(), seconds));
            Future<TambatRun> onSecond = loops.submit(() -> second.measure(deliveries.second(), seconds));
            return ScaleOutRun.of(onFirst.get(), onSecond.get(), database.elapsedMillis());
        } catch (ExecutionException e) {
            throw new IllegalStateException("a load on two instances failed", e.getCause());
        } finally {
            loops.shutdownNow();
        }
    }

    /** One instance and the closed loop with its share of the connections. */
    private record Instance(URI base, ServerResources resources, ClosedLoopLoad loop) {

        TambatRun measure(Workload workload, int seconds) throws InterruptedException {
            return resources.measure(() -> loop.run(workload, seconds));
        }
    }
}
