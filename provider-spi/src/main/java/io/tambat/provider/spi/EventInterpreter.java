package io.tambat.provider.spi;

import java.util.Optional;

/**
 * Provider SPI, the processing half: what an accepted event means for the business state of one provider
 * object. Stateless and thread-safe, found through {@link java.util.ServiceLoader} like
 * {@link ProviderAdapter}. Pure: it reads the event and never calls out.
 */
public interface EventInterpreter {

    /** The provider whose events this reads, e.g. {@code stripe}. */
    String provider();

    /**
     * @return the change the event asks for, or empty when the event type concerns none of the tracked
     *         object types (such an event ends PROCESSED without a mutation)
     * @throws io.tambat.provider.spi.UninterpretableEventException when a supported event lacks what its
     *         schema promises; retrying cannot help
     */
    Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings);
}
