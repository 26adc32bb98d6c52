package io.tambat.adapter.out.forwarding;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

/**
 * Throws a consumer's answer body away, reading no more than {@link #PREFIX_LIMIT} bytes of it and nothing after
 * the attempt's deadline. Java 17's request timeout stops counting once the headers are in, so without these
 * bounds a consumer that answers {@code 200} and then trickles an endless body would hold the sending thread,
 * the destination's in-flight slot and a connection for ever.
 *
 * <p>{@link #getBody()} is complete from the start, as {@code BodySubscribers.ofInputStream}'s is, so
 * {@code HttpClient.send} returns as soon as the status and headers are in, and the body is read on the
 * client's threads after that. A body that ends within both bounds is read to its end, which returns its
 * connection to the client's pool; past either bound the subscription is cancelled, which closes the connection.
 *
 * <p>Not guaranteed: that the body is cut off at the deadline exactly. A timer checks it, on the JDK's one
 * thread for {@code CompletableFuture} timeouts, so the cut comes once that thread gets to it.
 */
final class BoundedBodyDiscard implements HttpResponse.BodySubscriber<Void> {

    /** More than any error page a consumer sends with its status; beyond it, the consumer is streaming at us. */
    static final long PREFIX_LIMIT = 64 * 1024;

    private final long deadlineNanoTime;

    /** Completes when the body has ended or been cut off; completing it cancels the deadline's timer. */
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    private Flow.Subscription subscription;
    private long received;

    /** @param deadlineNanoTime when the attempt's timeout runs out, as a {@link System#nanoTime()} value */
    BoundedBodyDiscard(long deadlineNanoTime) {
        this.deadlineNanoTime = deadlineNanoTime;
    }

    @Override
    public CompletionStage<Void> getBody() {
        return CompletableFuture.completedStage(null);
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        // Started here rather than at construction: a body the client never hands over leaves no timer behind.
        // orTimeout cancels its scheduled check once ended completes normally, so a body that ends in time
        // leaves nothing scheduled either.
        ended.orTimeout(Math.max(0, deadlineNanoTime - System.nanoTime()), TimeUnit.NANOSECONDS)
                .whenComplete((nothing, timedOut) -> {
                    if (timedOut != null) {
                        subscription.cancel();
                    }
                });
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            received += buffer.remaining();
        }
        if (received > PREFIX_LIMIT) {
            ended.complete(null);
            subscription.cancel();
        }
    }

    /** The connection failed or was cut off: the attempt's outcome was decided by the headers already. */
    @Override
    public void onError(Throwable failure) {
        ended.complete(null);
    }

    @Override
    public void onComplete() {
        ended.complete(null);
    }
}
