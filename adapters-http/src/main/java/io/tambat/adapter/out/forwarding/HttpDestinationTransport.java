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
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code POST <url>} of one message, signed as Standard Webhooks consumers verify. 2xx is delivered; anything
 * else, a timeout or a connection error is not, with 429 and 503 passing on their {@code Retry-After}.
 * Redirects are never followed: a consumer that moved says so by its configuration, not by sending the body
 * (and its signature) elsewhere. The answer's body is never read.
 */
@ApplicationScoped
class HttpDestinationTransport {

    private static final Set<Integer> PAUSE_STATUSES = Set.of(429, 503);

    @Inject
    Clock clock;

    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

    DeliveryOutcome send(Destination destination, DestinationTarget.Http http, ForwardMessage message) {
        byte[] body = message.body();
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest.Builder builder = HttpRequest.newBuilder(http.url())
                .timeout(destination.timeout())
                .header("Content-Type", message.contentType());
        message.headers().forEach(builder::header);
        HttpRequest request = builder
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", StandardWebhookSignature.of(http.secrets(), message.messageId(),
                        timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        try {
            HttpResponse<Void> response = client(destination).send(request, HttpResponse.BodyHandlers.discarding());
            return outcome(response.statusCode(), response.headers());
        } catch (HttpTimeoutException e) {
            return notDelivered("timeout: no answer within " + destination.timeout());
        } catch (IOException e) {
            return notDelivered("connection: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notDelivered("interrupted");
        }
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

    /** One client per destination, so each connects within its own timeout; clients pool their connections. */
    private HttpClient client(Destination destination) {
        return clients.computeIfAbsent(destination.id(), id -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(destination.timeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build());
    }
}
