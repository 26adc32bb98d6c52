package io.tambat.composition;

import static io.tambat.composition.Setting.PAYLOADS_S3_ACCESS_KEY;
import static io.tambat.composition.Setting.PAYLOADS_S3_BUCKET;
import static io.tambat.composition.Setting.PAYLOADS_S3_ENDPOINT;
import static io.tambat.composition.Setting.PAYLOADS_S3_PATH_STYLE;
import static io.tambat.composition.Setting.PAYLOADS_S3_PREFIX;
import static io.tambat.composition.Setting.PAYLOADS_S3_PUT_TIMEOUT;
import static io.tambat.composition.Setting.PAYLOADS_S3_REGION;
import static io.tambat.composition.Setting.PAYLOADS_S3_SECRET_KEY;
import static io.tambat.composition.Setting.PAYLOADS_STORE;

import io.tambat.adapter.out.objectstore.NoPayloadObjectStore;
import io.tambat.adapter.out.objectstore.S3PayloadObjectStore;
import io.tambat.adapter.out.objectstore.S3PayloadStoreSettings;
import io.tambat.application.payload.PayloadStoreSettings;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;

/**
 * Where payloads are kept ({@code tambat.payloads.store}: {@code database}, the default, or {@code s3}) and the
 * S3-compatible object store ({@code tambat.payloads.s3.*}), configured by naming its bucket. A store may be
 * configured while new payloads go to the database: the payloads already there still open.
 */
@ApplicationScoped
public class PayloadStoreProducers {

    @Inject
    Config config;

    @Inject
    SettingsReader reader;

    @Produces
    @Singleton
    PayloadStoreSettings payloadStoreSettings() {
        boolean configured = objectStoreSettings().isPresent();
        String store = config.getOptionalValue(PAYLOADS_STORE.key(), String.class).orElse("database")
                .strip().toLowerCase(Locale.ROOT);
        return switch (store) {
            case "database" -> new PayloadStoreSettings(false, configured);
            case "s3" -> {
                if (!configured) {
                    throw new ConfigurationException(PAYLOADS_S3_BUCKET.key(),
                            "must be set when " + PAYLOADS_STORE.key() + " is s3");
                }
                yield new PayloadStoreSettings(true, true);
            }
            default -> throw new ConfigurationException(PAYLOADS_STORE.key(), "must be database or s3");
        };
    }

    @Produces
    @Singleton
    PayloadObjectStorePort payloadObjectStore() {
        return objectStoreSettings().<PayloadObjectStorePort>map(S3PayloadObjectStore::create)
                .orElseGet(NoPayloadObjectStore::new);
    }

    void close(@Disposes PayloadObjectStorePort store) {
        if (store instanceof S3PayloadObjectStore s3) {
            s3.close();
        }
    }

    /**
     * How long a delivery may wait for its payload's put, which comes before its inbox transaction: zero while new
     * payloads stay in the database.
     */
    Duration newPayloadPutTimeout() {
        return payloadStoreSettings().newPayloadsInObjectStore()
                ? objectStoreSettings().orElseThrow().putTimeout() : Duration.ZERO;
    }

    /** The object store's settings, empty without a bucket. */
    private Optional<S3PayloadStoreSettings> objectStoreSettings() {
        Optional<String> bucket = text(PAYLOADS_S3_BUCKET);
        if (bucket.isEmpty()) {
            return Optional.empty();
        }
        String region = text(PAYLOADS_S3_REGION).orElseThrow(() -> new ConfigurationException(
                PAYLOADS_S3_REGION.key(), "must be set with " + PAYLOADS_S3_BUCKET.key()
                        + " (any name for a store other than AWS, such as us-east-1)"));
        try {
            return Optional.of(new S3PayloadStoreSettings(reader.url(PAYLOADS_S3_ENDPOINT.key()), region,
                    bucket.get(), text(PAYLOADS_S3_PREFIX).orElse(""),
                    config.getOptionalValue(PAYLOADS_S3_PATH_STYLE.key(), Boolean.class).orElse(false),
                    text(PAYLOADS_S3_ACCESS_KEY), text(PAYLOADS_S3_SECRET_KEY),
                    reader.duration(PAYLOADS_S3_PUT_TIMEOUT.key(),
                            S3PayloadStoreSettings.DEFAULT_PUT_TIMEOUT.toString())));
        } catch (IllegalArgumentException e) {
            // The settings' own checks name the setting but not its key, and never echo a credential.
            throw new ConfigurationException("tambat.payloads.s3", e.getMessage());
        }
    }

    private Optional<String> text(Setting setting) {
        return config.getOptionalValue(setting.key(), String.class).map(String::strip)
                .filter(value -> !value.isEmpty());
    }
}
