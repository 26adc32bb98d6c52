package io.tambat.domain.model.webhook;

import java.time.Instant;
import java.util.Optional;

/** What an operator may see of a secret version: never the secret itself. */
public record SecretVersionInfo(
        String version,
        Instant createdAt,
        Optional<Instant> retiredAt,
        Optional<Instant> lastMatchedAt) {
}
