package io.tambat.adapter.out.persistence;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs contenders on threads of their own, released at one moment, so their transactions overlap. A contender
 * that has not finished within the limit fails the test: a lock held forever must not hang the build.
 */
public final class Race {

    private static final long LIMIT_SECONDS = 30;

    private Race() {
    }

    /** The contenders' results, in the order the contenders were given. */
    public static <T> List<T> run(List<Callable<T>> contenders) {
        ExecutorService threads = Executors.newFixedThreadPool(contenders.size());
        CyclicBarrier start = new CyclicBarrier(contenders.size());
        try {
            List<Future<T>> running = new ArrayList<>();
            for (Callable<T> contender : contenders) {
                running.add(threads.submit(() -> {
                    start.await();
                    return contender.call();
                }));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> result : running) {
                results.add(result.get(LIMIT_SECONDS, TimeUnit.SECONDS));
            }
            return results;
        } catch (ExecutionException e) {
            throw new AssertionError("a contender failed", e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("a contender did not finish within " + LIMIT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while racing", e);
        } finally {
            threads.shutdownNow();
        }
    }
}
