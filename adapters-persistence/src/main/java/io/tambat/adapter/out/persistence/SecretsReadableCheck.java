package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.lifecycle.StorageReady;
import io.tambat.domain.port.out.SealedDataPort;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Logger;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while a trusted secret version does not open with the configured payload keys: the endpoint
 * would answer 401 to every delivery signed with it, which looks like an attack rather than a configuration
 * mistake. Says which versions (names, never material) and logs it once per change, the first time as soon
 * as storage is ready at start. When the store cannot be asked, the database check speaks.
 */
@Readiness
@ApplicationScoped
public class SecretsReadableCheck implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(SecretsReadableCheck.class.getName());

    @Inject
    SealedDataPort sealed;

    @Inject
    FlywaySchemaMigrator migrator;

    private volatile List<String> lastReported = List.of();

    /** Once the configured secrets are seeded (priority 100), before deliveries are taken (1000). */
    void atStart(@Observes @Priority(500) StorageReady ready) {
        check();
    }

    @Override
    public HealthCheckResponse call() {
        if (!migrator.ready()) {
            return HealthCheckResponse.named("secrets").up().build();
        }
        return check();
    }

    private HealthCheckResponse check() {
        List<String> unreadable;
        try {
            unreadable = sealed.unreadableSecrets();
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("secrets").up().withData("checked", false).build();
        }
        if (!unreadable.equals(lastReported)) {
            lastReported = unreadable;
            if (!unreadable.isEmpty()) {
                LOG.severe("trusted secret versions do not open with TAMBAT_PAYLOAD_KEYS: " + unreadable
                        + "; configure the payload key they name again, then re-seal "
                        + "(POST /admin/payload-keys/reseal)");
            }
        }
        if (unreadable.isEmpty()) {
            return HealthCheckResponse.named("secrets").up().build();
        }
        return HealthCheckResponse.named("secrets").down().withData("unreadable", String.join(", ", unreadable))
                .build();
    }
}
