package io.tambat.application.service;

import java.time.Duration;

/**
 * Tunables of the ingress pipeline, produced from configuration by the composition root.
 *
 * @param secretCacheTtl how long trusted secret versions are served from memory before the store is asked
 *                       again; also how long a retirement takes to reach other instances
 * @param retryAfter     what a sender is told to wait after a 503
 */
public record IngressSettings(Duration secretCacheTtl, Duration retryAfter) {
}
