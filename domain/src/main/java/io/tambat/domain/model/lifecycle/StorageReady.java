package io.tambat.domain.model.lifecycle;

import java.time.Instant;

/**
 * Announced once the database schema is migrated and the database answers. Work that needs storage at
 * start (seeding configured secrets) waits for it; a failing listener makes the announcement retried.
 */
public record StorageReady(Instant at) {
}
