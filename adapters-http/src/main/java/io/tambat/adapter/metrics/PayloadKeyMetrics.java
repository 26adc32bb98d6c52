package io.tambat.adapter.metrics;

import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.SealedDataPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
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
    PayloadCipherPort cipher;

    @Inject
    SealedDataPort sealed;

    @Inject
    Clock clock;

    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        CachedReading<Map<String, Long>> use = new CachedReading<>(clock, now -> sealed.sealedPerKey());
        for (String keyId : cipher.keyIds()) {
            use.gauge(registry, "tambat.payload.sealed", MetricUnits.NONE,
                    "stored ciphertexts (payloads and secrets) sealed under each payload key",
                    perKey -> perKey.getOrDefault(keyId, 0L), new Tag("key_id", keyId));
        }
    }
}
