package io.tambat.adapter.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.ForwardMessage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code POST <url>} of one message, signed as Standard Webhooks consumers verify. 2xx is delivered; anything
 * else, a timeout or a connection error is not, with 429 and 503 passing on their {@code Retry-After}.
 * Redirects are never followed: a consumer that moved says so by its configuration, not by sending the body
 * (and its signature) elsewhere. A header value HTTP cannot carry as it is goes percent-encoded
 * ({@link HttpHeaderEncoding}), so every message can be sent.
 *
 * <p>The status line and headers alone decide the outcome, and {@code send} returns as soon as they are in. The
 * answer's body is then read and thrown away in the background, no more than its first
 * {@linkplain BoundedBodyDiscard#PREFIX_LIMIT 64 KiB}, so that a short body leaves its connection to the pool; a
 * longer one, or one still arriving when the destination's timeout has passed since the attempt began, has its
 * connection closed. So the timeout bounds the whole exchange, from connecting to the last byte read, however
 * slowly a consumer answers.
 */
@ApplicationScoped
class HttpDestinationTransport {

    private static final Set<Integer> PAUSE_STATUSES = Set.of(429, 503);

    /**
     * How long past the timeout a send waits for the headers when the client's own request timeout has not
     * ended it: that timer fires on the client's selector thread, and a lost or late firing must not hold the
     * calling thread and its in-flight slot.
     */
    private static final Duration HEADERS_GUARD_MARGIN = Duration.ofSeconds(1);

    @Inject
    Clock clock;

    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

    DeliveryOutcome send(Destination destination, DestinationTarget.Http http, ForwardMessage message) {
        long deadline = System.nanoTime() + destination.timeout().toNanos();
        byte[] body = message.body();
        long timestamp = clock.instant().getEpochSecond();
        // Bounds the exchange up to the answer's headers only: on Java 17 it stops counting once they are in.
        HttpRequest.Builder builder = HttpRequest.newBuilder(http.url())
                .timeout(destination.timeout())
                .header("Content-Type", message.contentType());
        HttpHeaderEncoding.encoded(message.headers()).forEach(builder::header);
        HttpRequest request = builder
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", StandardWebhookSignature.of(http.secrets(), message.messageId(),
                        timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        CompletableFuture<HttpResponse<Void>> answer = client(destination).sendAsync(request,
                responseInfo -> new BoundedBodyDiscard(deadline));
        try {
            HttpResponse<Void> response = answer.get(destination.timeout().plus(HEADERS_GUARD_MARGIN).toNanos(),
                    TimeUnit.NANOSECONDS);
            return outcome(response.statusCode(), response.headers());
        } catch (ExecutionException e) {
            return failed(destination, e.getCause());
        } catch (TimeoutException e) {
            // Cancelling the client's own future aborts the exchange and closes its connection.
            answer.cancel(true);
            return timedOut(destination);
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            return notDelivered("interrupted");
        }
    }

    private DeliveryOutcome failed(Destination destination, Throwable failure) {
        if (failure instanceof HttpTimeoutException) {
            return timedOut(destination);
        }
        if (failure instanceof IOException) {
            return notDelivered("connection: " + failure.getClass().getSimpleName());
        }
        // The client's doing or ours, not the destination's, but still this attempt's end: left to the lease, it
        // would end worker_lost instead of taking the schedule's next wait.
        return notDelivered("http: " + failure.getClass().getSimpleName());
    }

    private static DeliveryOutcome timedOut(Destination destination) {
        return notDelivered("timeout: no answer within " + destination.timeout());
    }

    private DeliveryOutcome outcome(int status, HttpHeaders headers) {
        if (status >= 200 && status < 300) {
            return new DeliveryOutcome.Delivered(Optional.of(status));
        }
        Optional<Duration> retryAfter = PAUSE_STATUSES.contains(status)
                ? headers.firstValue("Retry-After").flatMap(this::retryAfter) : Optional.empty();
        return new DeliveryOutcome.NotDelivered(Optional.of(status), retryAfter, "answered " + status);
    }

    /** Seconds, or an HTTP date; anything else is ignored (the schedule decides). */
    private Optional<Duration> retryAfter(String value) {
        String trimmed = value.trim();
        if (trimmed.matches("\\d{1,9}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(trimmed)));
        }
        try {
            Instant at = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(clock.instant(), at);
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static DeliveryOutcome notDelivered(String reason) {
        return new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(), reason);
    }

    /**
     * One client per destination, so each connects within its own timeout; clients pool their connections. Each
     * runs its response handling on its own selector thread (a same-thread executor) rather than handing every
     * step to a pool of workers: nothing it runs blocks (the headers complete the sender's future, the body is
     * discarded as it arrives), and each hand-off cost a thread wake-up per message. With {@code https}, that
     * thread also does the destination's TLS work: encrypting and decrypting (microseconds for a message of a few
     * KiB) and, on a new connection only, the handshake, which holds the destination's other answers for its
     * millisecond or so. Revocation checks, which could call out over the network, are off unless the JVM is
     * configured for them.
     */
    private HttpClient client(Destination destination) {
        return clients.computeIfAbsent(destination.id(), id -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(destination.timeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Runnable::run)
                .build());
    }
}
