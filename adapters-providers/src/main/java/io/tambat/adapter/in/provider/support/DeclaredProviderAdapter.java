package io.tambat.adapter.in.provider.support;

import io.tambat.adapter.in.provider.support.header.MediaTypes;
import io.tambat.provider.spi.ProviderAdapter;
import java.time.Duration;

/**
 * The answers of a {@link ProviderAdapter} that are facts about its provider rather than logic: its name, the
 * media types it sends and the tolerance of the attempt timestamp it signs. A built-in adapter states them once,
 * in its constructor, so every one matches its {@code Content-Type} the same way ({@link MediaTypes}: parameters
 * and case ignored, a missing header matching nothing), and what it writes itself is what differs between
 * providers: its secret format, its signature and its envelope.
 */
public abstract class DeclaredProviderAdapter implements ProviderAdapter {

    private final String provider;
    private final Duration tolerance;
    private final String[] mediaTypes;

    /**
     * @param provider   the name in URLs and configuration, e.g. {@code stripe}
     * @param tolerance  the provider's own tolerance for its signed attempt timestamp; {@link Duration#ZERO} when
     *                   it signs none
     * @param mediaTypes the media types its deliveries come as, without parameters
     */
    protected DeclaredProviderAdapter(String provider, Duration tolerance, String... mediaTypes) {
        this.provider = provider;
        this.tolerance = tolerance;
        this.mediaTypes = mediaTypes.clone();
    }

    @Override
    public final String provider() {
        return provider;
    }

    @Override
    public final boolean acceptsContentType(String contentType) {
        return MediaTypes.matches(contentType, mediaTypes);
    }

    @Override
    public final Duration defaultTolerance() {
        return tolerance;
    }
}
