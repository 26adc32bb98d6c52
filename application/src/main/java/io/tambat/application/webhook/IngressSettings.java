package io.tambat.application.webhook;

import io.tambat.application.transaction.GroupCommitSettings;
import java.time.Duration;

/**
 * Tunables of the ingress pipeline, produced from configuration by the composition root.
 *
 * @param secretCacheTtl how long trusted secret versions are served from memory before the store is asked
 *                       again; the bound on a retirement reaching other instances only while they cannot
 *                       follow secret changes
 * @param retryAfter     what a client is told to wait after a 503, on every route
 * @param groupCommit    how deliveries that arrive together share an inbox transaction; a delivery weighs
 *                       its inbox entries
 */
public record IngressSettings(Duration secretCacheTtl, Duration retryAfter, GroupCommitSettings groupCommit) {
}
