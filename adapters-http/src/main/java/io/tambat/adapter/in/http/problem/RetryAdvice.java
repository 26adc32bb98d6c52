package io.tambat.adapter.in.http.problem;

import java.time.Duration;

/**
 * The {@code Retry-After} of every 503 Tambat answers ({@code tambat.webhooks.retry-after}), webhook intake
 * and APIs alike: one setting, so clients and providers back off alike during one outage.
 */
public record RetryAdvice(Duration retryAfter) {
}
