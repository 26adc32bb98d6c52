package io.tambat.application.work;

import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Whether storage finished its start-up work (schema migrated, configured secrets seeded). Until then the
 * intake answers 503: a secret lookup against a store not yet seeded would refuse authentic deliveries.
 */
@ApplicationScoped
public class StorageStatus {

    /** Runs after every start-up listener of lower priority, such as the secret seeding. */
    public static final int AFTER_STARTUP_WORK = 1000;

    private volatile boolean ready;

    void onReady(@Observes @Priority(AFTER_STARTUP_WORK) StorageReady event) {
        ready = true;
    }

    public boolean ready() {
        return ready;
    }
}
