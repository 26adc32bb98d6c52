package io.tambat.adapter.in.http.metrics;

import io.tambat.application.port.in.RotatePayloadKeysUseCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * {@code tambat_payload_sealed{key_id}}: how many stored ciphertexts (payloads and secrets) each configured
 * payload key seals, so a rotation can be watched to zero before the old key is removed.
 */
@ApplicationScoped
public class PayloadKeyMetrics {

    @Inject
    MetricRegistry registry;

    @Inject
    RotatePayloadKeysUseCase keys;

    @Inject
    Clock clock;

    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        CachedReading<RotatePayloadKeysUseCase.KeyUse> use = new CachedReading<>(clock, now -> keys.keyUse());
        for (String keyId : keys.configuredKeys()) {
            use.gauge(registry, "tambat.payload.sealed", MetricUnits.NONE,
                    "stored ciphertexts (payloads and secrets) sealed under each payload key",
                    reading -> reading.sealedPerKey().getOrDefault(keyId, 0L), new Tag("key_id", keyId));
        }
    }
}
