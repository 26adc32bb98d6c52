package io.tambat.provider.spi;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Provider SPI: builds the client that fetches a provider's objects, from the deployer's API settings
 * ({@code tambat.providers.<provider>.api-url} and {@code .api-key}), and one more client for each endpoint
 * with its own key ({@code tambat.webhooks.endpoint.<id>.api-key}). Found through
 * {@link java.util.ServiceLoader}; a provider without a factory, or without settings, cannot have its
 * unversioned events converged.
 */
public interface ProviderStateClientFactory {

    /** The provider whose API this reaches, e.g. {@code stripe}. */
    String provider();

    /**
     * @param apiUrl  base URL, e.g. {@code https://api.stripe.com}
     * @param apiKey  the credential, sent as the provider expects and never logged
     * @param timeout bound on connecting and on each whole request
     * @return a thread-safe port whose {@link ProviderStatePort#supports} is true for {@link #provider()}
     */
    ProviderStatePort create(URI apiUrl, String apiKey, Duration timeout);

    /**
     * The same client, which also sends the calling thread's trace context ({@code traceContext}, a W3C
     * {@code traceparent} or empty) with each request, so the provider's side of a fetch joins the processing
     * span's trace. A factory that does not override this sends none.
     */
    default ProviderStatePort create(URI apiUrl, String apiKey, Duration timeout,
            Supplier<Optional<String>> traceContext) {
        return create(apiUrl, apiKey, timeout);
    }
}
