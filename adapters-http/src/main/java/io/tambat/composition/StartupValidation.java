package io.tambat.composition;

import static io.tambat.composition.Setting.DB_MIGRATE;
import static io.tambat.composition.Setting.DEV_MODE;
import static io.tambat.composition.Setting.JWT_ISSUER;
import static io.tambat.composition.Setting.JWT_PUBLIC_KEY;
import static io.tambat.composition.Setting.JWT_PUBLIC_KEY_LOCATION;

import io.tambat.adapter.in.http.order.OrdersResource;
import io.tambat.adapter.in.http.webhook.UnverifiedBytesBudget;
import io.tambat.application.order.OrderSettings;
import io.tambat.application.payload.PayloadStoreSettings;
import io.tambat.application.processing.ProcessingSettings;
import io.tambat.application.processing.ProviderStates;
import io.tambat.application.webhook.IngressSettings;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * Reads every piece of configuration at start. A server that started with a wrong key would answer 5xx to
 * every provider until someone noticed; stopping at once, with the key named, is kinder.
 */
@ApplicationScoped
public class StartupValidation {

    private static final Logger LOG = Logger.getLogger(StartupValidation.class.getName());
    private static final int CONFIGURATION_ERROR_EXIT = 78;
    /** What adapters-persistence's {@code MigrationMode} parses: {@code StartupValidationTest} holds the two equal. */
    private static final Set<String> MIGRATION_MODES = Set.of("auto", "validate", "off");

    @Inject
    Instance<WebhookEndpointsPort> endpoints;

    @Inject
    Instance<PayloadCipherPort> cipher;

    @Inject
    Instance<IngressSettings> settings;

    @Inject
    Instance<ProcessingSettings> processing;

    @Inject
    Instance<ProviderStates> providerStates;

    @Inject
    Instance<OrderSettings> orderSettings;

    @Inject
    Instance<Destinations> destinations;

    @Inject
    Instance<UnverifiedBytesBudget> unverifiedBytes;

    @Inject
    Instance<OrdersResource.Settings> ordersResource;

    @Inject
    Instance<PayloadStoreSettings> payloadStore;

    @Inject
    Config config;

    /**
     * First of everything that runs at start ({@link Interceptor.Priority#PLATFORM_BEFORE}): another bean's start,
     * such as a metric that opens the payload keys, would otherwise meet a bad setting first and fail the
     * application without stopping the server.
     */
    void validate(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) @Initialized(ApplicationScoped.class)
            Object context) {
        try {
            payloadStore.get();
            settings.get();
            processing.get();
            orderSettings.get();
            ordersResource.get();
            providerStates.get().forProvider("");  // any call builds the state clients, checking their settings
            cipher.get();
            requireTokenVerification();
            requireKnownMigrationMode();
            int count = endpoints.get().all().size();
            int forwarding = destinations.get().all().size();
            long unverified = unverifiedBytes.get().capacity();
            LOG.info(() -> "configuration valid: " + count + " webhook endpoint(s), " + forwarding
                    + " forwarding destination(s), " + unverified + " bytes of unverified webhook bodies at most");
        } catch (RuntimeException e) {
            Throwable cause = rootCause(e);
            LOG.log(Level.SEVERE, "invalid configuration, stopping: {0}", cause.getMessage());
            // Exiting on this thread would wait for the application start that this very thread is running.
            Thread stopper = new Thread(() -> System.exit(CONFIGURATION_ERROR_EXIT), "tambat-configuration-stop");
            stopper.start();
            throw new IllegalStateException("invalid configuration: " + cause.getMessage());
        }
    }

    /**
     * Outside development mode, operators and API clients must be able to authenticate, and only with tokens
     * of the configured issuer: a server without a key would answer 401 to everyone, one without an issuer
     * would trust any issuer holding the key.
     */
    private void requireTokenVerification() {
        if (config.getOptionalValue(DEV_MODE.key(), Boolean.class).orElse(false)) {
            return;
        }
        if (absent(JWT_PUBLIC_KEY_LOCATION) && absent(JWT_PUBLIC_KEY)) {
            throw new ConfigurationException(withEnvironmentName(JWT_PUBLIC_KEY_LOCATION),
                    "is required outside development mode: it verifies operator and API client tokens");
        }
        if (absent(JWT_ISSUER)) {
            throw new ConfigurationException(withEnvironmentName(JWT_ISSUER),
                    "is required outside development mode: only tokens of this issuer are accepted");
        }
    }

    /**
     * The schema migrator (adapters-persistence, out of this package's reach) reads {@code tambat.db.migrate} when
     * it starts, after this check: refused here, an unknown value stops the server as every other one does,
     * instead of failing only the application's start.
     */
    void requireKnownMigrationMode() {
        String mode = config.getOptionalValue(DB_MIGRATE.key(), String.class).orElse("auto");
        if (!MIGRATION_MODES.contains(mode.strip().toLowerCase(Locale.ROOT))) {
            throw new ConfigurationException(withEnvironmentName(DB_MIGRATE), "must be auto, validate or off");
        }
    }

    private boolean absent(Setting setting) {
        return config.getOptionalValue(setting.key(), String.class).filter(value -> !value.isBlank()).isEmpty();
    }

    /** A key of MicroProfile JWT's is better known by its environment variable: the message names both. */
    private static String withEnvironmentName(Setting setting) {
        return setting.key() + " (" + setting.environmentName() + ")";
    }

    /** CDI wraps what a producer or post-construct throws; the message worth showing is the innermost. */
    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && !(cause instanceof ConfigurationException)
                && !(cause instanceof IllegalArgumentException)) {
            cause = cause.getCause();
        }
        return cause;
    }
}
