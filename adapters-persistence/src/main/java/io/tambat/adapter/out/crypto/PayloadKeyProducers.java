package io.tambat.adapter.out.crypto;

import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.secrets.PayloadDigestPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Builds the payload cipher and the payload digests from {@code TAMBAT_PAYLOAD_KEYS}, both from one reading of
 * the keys. Without keys the server must not run, except in development mode, where a random key lives as long
 * as the process (so stored payloads of a previous run no longer open).
 *
 * <p>Its keys are injected here because the composition root's catalog of settings
 * ({@code io.tambat.composition.Setting}) is out of this module's reach; the catalog lists them too, and
 * {@code ConfigurationDocsTest} fails on an injected key that it lacks.
 */
@ApplicationScoped
public class PayloadKeyProducers {

    static final String KEYS = "tambat.payload.keys";
    private static final Logger LOG = Logger.getLogger(PayloadKeyProducers.class.getName());

    @Inject
    @ConfigProperty(name = KEYS)
    Optional<String> keys;

    @Inject
    @ConfigProperty(name = "tambat.dev.mode", defaultValue = "false")
    boolean devMode;

    /** Off only while instances of a release that cannot open derived keys still run beside this one. */
    @Inject
    @ConfigProperty(name = "tambat.payload.row-keys", defaultValue = "true")
    boolean rowKeys;

    /**
     * @throws IllegalArgumentException naming {@code tambat.payload.keys} when keys are missing outside
     *                                  development mode or cannot be parsed
     */
    @Produces
    @Singleton
    PayloadKeyRing payloadKeys() {
        if (keys.filter(spec -> !spec.isBlank()).isPresent()) {
            try {
                return PayloadKeyRing.parse(keys.get());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(KEYS + " (TAMBAT_PAYLOAD_KEYS): " + e.getMessage());
            }
        }
        if (!devMode) {
            throw new IllegalArgumentException(KEYS
                    + " (TAMBAT_PAYLOAD_KEYS) is required; set TAMBAT_DEV_MODE=true only for development");
        }
        LOG.warning("TAMBAT_PAYLOAD_KEYS is not set: development mode generated an ephemeral payload key; "
                + "payloads stored by this process cannot be read after it stops");
        return PayloadKeyRing.ephemeral();
    }

    @Produces
    @Singleton
    PayloadCipherPort payloadCipher(PayloadKeyRing payloadKeys) {
        return new AesGcmPayloadCipher(payloadKeys, rowKeys);
    }

    @Produces
    @Singleton
    PayloadDigestPort payloadDigests(PayloadKeyRing payloadKeys) {
        return new HmacPayloadDigests(payloadKeys);
    }
}
