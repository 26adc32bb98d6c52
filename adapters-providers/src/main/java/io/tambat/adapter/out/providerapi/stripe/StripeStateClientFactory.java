package io.tambat.adapter.out.providerapi.stripe;

import io.tambat.provider.spi.ProviderStateClientFactory;
import io.tambat.provider.spi.ProviderStatePort;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Builds the {@link StripeStateClient} from the deployer's settings, refusing settings that could only fail
 * later, at the first event, so a misconfiguration surfaces at start instead.
 */
public final class StripeStateClientFactory implements ProviderStateClientFactory {

    @Override
    public String provider() {
        return StripeStateClient.PROVIDER;
    }

    /**
     * @throws IllegalArgumentException when the URL is not absolute http(s), the key is empty or holds a
     *         character an HTTP header cannot carry, or the timeout is not positive; the message never echoes
     *         the key
     */
    @Override
    public ProviderStatePort create(URI apiUrl, String apiKey, Duration timeout) {
        return create(apiUrl, apiKey, timeout, Optional::empty);
    }

    /** As {@link #create(URI, String, Duration)}, and each request carries the trace context as {@code traceparent}. */
    @Override
    public ProviderStatePort create(URI apiUrl, String apiKey, Duration timeout,
            Supplier<Optional<String>> traceContext) {
        Objects.requireNonNull(apiUrl, "api-url");
        Objects.requireNonNull(apiKey, "api-key");
        Objects.requireNonNull(timeout, "timeout");
        String scheme = apiUrl.getScheme();
        if (!("https".equalsIgnoreCase(scheme) || "http".equalsIgnoreCase(scheme)) || apiUrl.getHost() == null) {
            throw new IllegalArgumentException("the Stripe api-url must be an absolute http or https URL");
        }
        // Visible ASCII only: Stripe keys are, and anything else would be refused by the HTTP client at the
        // first request, with a message this class does not control.
        if (apiKey.isEmpty() || !apiKey.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
            throw new IllegalArgumentException("the Stripe api-key must be non-empty visible ASCII");
        }
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("the Stripe API timeout must be positive");
        }
        Objects.requireNonNull(traceContext, "traceContext");
        return new StripeStateClient(apiUrl, apiKey, timeout, traceContext);
    }
}
