package io.tambat.application.testing;

import java.time.Instant;

/** One call a retention job made to a store: purge what is older than {@code cutoff}, at most {@code batch}. */
public record PurgeRequest(Instant cutoff, int batch) {
}
