package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ProviderObject;
import java.util.Optional;

/**
 * Fetches a provider object's current, authoritative state from the provider's API, for events that only
 * say an object changed. Called outside any transaction; implementations bound every call with a timeout.
 */
public interface ProviderStatePort {

    /** Whether this port can fetch objects of that provider (its API URL and key are configured). */
    boolean supports(String provider);

    /**
     * @return the current state, or empty when the provider says the object does not exist
     * @throws io.tambat.domain.error.TransientProcessingException on a timeout, a 5xx or a 429: retry later
     * @throws io.tambat.domain.error.UninterpretableEventException when the provider answers with something
     *         that is not that object (4xx other than 404 and 429, or an unreadable body)
     */
    Optional<ProviderObject> fetch(ObjectKey key);
}
