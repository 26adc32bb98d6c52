package io.tambat.adapter.in.http.config;

import io.tambat.application.service.IngressSettings;
import io.tambat.application.service.OrderSettings;
import io.tambat.application.service.ProcessingSettings;
import io.tambat.application.service.ProviderStates;
import io.tambat.domain.port.out.PayloadCipherPort;
import io.tambat.domain.port.out.WebhookEndpointsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads every piece of configuration at start. A server that started with a wrong key would answer 5xx to
 * every provider until someone noticed; stopping at once, with the key named, is kinder.
 */
@ApplicationScoped
public class StartupValidation {

    private static final Logger LOG = Logger.getLogger(StartupValidation.class.getName());
    private static final int CONFIGURATION_ERROR_EXIT = 78;

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

    void validate(@Observes @Initialized(ApplicationScoped.class) Object context) {
        try {
            settings.get();
            processing.get();
            orderSettings.get();
            providerStates.get().forProvider("");  // any call builds the state clients, checking their settings
            cipher.get();
            int count = endpoints.get().all().size();
            LOG.info(() -> "configuration valid: " + count + " webhook endpoint(s)");
        } catch (RuntimeException e) {
            Throwable cause = rootCause(e);
            LOG.log(Level.SEVERE, "invalid configuration, stopping: {0}", cause.getMessage());
            // Exiting on this thread would wait for the application start that this very thread is running.
            Thread stopper = new Thread(() -> System.exit(CONFIGURATION_ERROR_EXIT), "tambat-configuration-stop");
            stopper.start();
            throw new IllegalStateException("invalid configuration: " + cause.getMessage());
        }
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
