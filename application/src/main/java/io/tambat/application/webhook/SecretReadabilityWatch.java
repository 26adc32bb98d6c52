package io.tambat.application.webhook;

import io.tambat.application.work.InstanceTask;
import io.tambat.domain.model.lifecycle.StorageReady;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * Looks at which trusted secret versions open ({@link UnreadableSecrets}) on every instance, processing or not:
 * once as soon as storage is ready, before deliveries are taken, so that health, gauges and log speak from the
 * start; then every {@link #EVERY}, since another instance may trust a version sealed under a key this one lacks
 * at any time.
 */
@ApplicationScoped
public class SecretReadabilityWatch extends InstanceTask {

    static final Duration EVERY = Duration.ofSeconds(15);

    /** After the configured secrets are seeded ({@code ConfiguredSecretSeeding.SEEDING}), before deliveries. */
    static final int FIRST_LOOK = 500;

    @Inject
    UnreadableSecrets secrets;

    void atStart(@Observes @Priority(FIRST_LOOK) StorageReady ready) {
        try {
            secrets.look();
        } catch (RuntimeException e) {
            // Left to the first turn, which says so if it fails too: a listener that throws would make storage's
            // whole start-up step run again.
        }
    }

    @Override
    protected void turn() {
        secrets.look();
    }

    @Override
    protected Duration every() {
        return EVERY;
    }

    @Override
    protected String whileFailing() {
        return "trusted secrets cannot be looked at ({0}); health and gauges show the last look";
    }

    @Override
    protected String onceRecovered() {
        return "trusted secrets are looked at again";
    }
}
