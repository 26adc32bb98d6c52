package io.tambat.it.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one load run saw, whichever way it was driven: the latency and status of every request sent, the ids
 * that successful answers confirmed (for the exactly-once check), and the requests an open loop gave up sending.
 * A transport error counts as status -1.
 */
final class LoadResult {

    static final int TRANSPORT_ERROR = -1;

    private final List<Long> latenciesNanos = Collections.synchronizedList(new ArrayList<>());
    /** The start of each request, by {@link System#nanoTime()}, in the order of {@link #latenciesNanos}. */
    private final List<Long> startsNanos = new ArrayList<>();
    private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
    private final Queue<String> confirmedIds = new ConcurrentLinkedQueue<>();
    private volatile long elapsedNanos;
    private volatile long notSent;
    private volatile List<Long> sorted;

    /**
     * Loads that ran at the same time, as one: every request of each, over the longest of their times, so its
     * rate is theirs together.
     */
    static LoadResult together(List<LoadResult> parts) {
        LoadResult all = new LoadResult();
        for (LoadResult part : parts) {
            synchronized (part.latenciesNanos) {
                all.latenciesNanos.addAll(part.latenciesNanos);
                all.startsNanos.addAll(part.startsNanos);
            }
            part.statuses.forEach((status, count) -> all.statuses.computeIfAbsent(status, s -> new LongAdder())
                    .add(count.sum()));
            all.confirmedIds.addAll(part.confirmedIds);
            all.elapsedNanos = Math.max(all.elapsedNanos, part.elapsedNanos);
            all.notSent += part.notSent;
        }
        return all;
    }

    void record(long startNanos, long latencyNanos, int status, Optional<String> confirmedId) {
        synchronized (latenciesNanos) {
            latenciesNanos.add(latencyNanos);
            startsNanos.add(startNanos);
        }
        statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
        confirmedId.ifPresent(confirmedIds::add);
    }

    void finish(long elapsedNanos) {
        this.elapsedNanos = elapsedNanos;
    }

    void notSent(long requests) {
        notSent = requests;
    }

    double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }

    /** Requests the server answered, whatever the status. */
    long answered() {
        return statuses.entrySet().stream().filter(entry -> entry.getKey() != TRANSPORT_ERROR)
                .mapToLong(entry -> entry.getValue().sum()).sum();
    }

    long sent() {
        return latenciesNanos.size();
    }

    /** Requests scheduled but never sent: the server was too far behind (open loop only). */
    long notSent() {
        return notSent;
    }

    /** Requests answered 2xx. */
    long successes() {
        return statuses.entrySet().stream().filter(entry -> entry.getKey() / 100 == 2)
                .mapToLong(entry -> entry.getValue().sum()).sum();
    }

    /** Requests sent and not answered 2xx, transport errors included. */
    long failures() {
        return sent() - successes();
    }

    /** Successful answers per second of the run. */
    double successRate() {
        return elapsedNanos == 0 ? 0 : successes() / elapsedSeconds();
    }

    /** Statuses and their counts, in status order, e.g. {@code {201=1200, 503=3}}. */
    String statusCounts() {
        Map<Integer, Long> counts = new TreeMap<>();
        statuses.forEach((status, count) -> counts.put(status, count.sum()));
        return counts.toString();
    }

    List<String> confirmedIds() {
        return List.copyOf(confirmedIds);
    }

    /** Latency in milliseconds at a quantile (0.5, 0.99, 1.0 for the maximum) of the requests sent; NaN if none. */
    double latencyMillis(double quantile) {
        List<Long> ordered = sortedLatencies();
        if (ordered.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.min(ordered.size() - 1, Math.ceil(quantile * ordered.size()) - 1);
        return ordered.get(Math.max(0, index)) / 1e6;
    }

    /**
     * The p99 latency in milliseconds of the requests started in each successive window of the run, so a tail
     * shows whether it is spread over the run or comes from one stall.
     */
    List<Double> p99ByWindow(Duration window) {
        Map<Long, List<Long>> byWindow = new TreeMap<>();
        synchronized (latenciesNanos) {
            long first = startsNanos.stream().mapToLong(Long::longValue).min().orElse(0);
            for (int i = 0; i < latenciesNanos.size(); i++) {
                byWindow.computeIfAbsent((startsNanos.get(i) - first) / window.toNanos(), w -> new ArrayList<>())
                        .add(latenciesNanos.get(i));
            }
        }
        return byWindow.values().stream().map(latencies -> {
            Collections.sort(latencies);
            return latencies.get((int) Math.ceil(0.99 * latencies.size()) - 1) / 1e6;
        }).toList();
    }

    private List<Long> sortedLatencies() {
        if (sorted == null || sorted.size() != latenciesNanos.size()) {
            List<Long> copy;
            synchronized (latenciesNanos) {
                copy = new ArrayList<>(latenciesNanos);
            }
            Collections.sort(copy);
            sorted = copy;
        }
        return sorted;
    }
}
