package io.tambat.it.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Concurrent duplicates: the same call from many threads released at one moment (at most {@value #THREADS}
 * in flight; the rest follow as threads free up), answers in order.
 */
public final class AtOnce {

    private static final int THREADS = 50;

    private AtOnce() {
    }

    public static <T> List<T> run(int copies, Callable<T> call) {
        ExecutorService threads = Executors.newFixedThreadPool(Math.min(copies, THREADS));
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<T>> pending = new ArrayList<>();
            for (int i = 0; i < copies; i++) {
                pending.add(threads.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> answer : pending) {
                answers.add(answer.get());
            }
            return answers;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }
}
