package io.tambat.provider.spi;

import java.util.Optional;

/**
 * Fetches a provider object's current, authoritative state from the provider's API, for events that only
 * say an object changed. Called outside any transaction; implementations bound every call with a timeout.
 */
public interface ProviderStatePort {

    /** Whether this port can fetch objects of that provider (its API URL and key are configured). */
    boolean supports(String provider);

    /**
     * Fetches an object of the API key's own account.
     *
     * @return the current state, or empty when the provider says the object does not exist
     * @throws io.tambat.provider.spi.TransientProcessingException on a timeout, a 5xx or a 429: retry later
     * @throws UninterpretableEventException when the provider answers with something that is not that object
     *         (4xx other than 404 and 429, or an unreadable body)
     */
    Optional<ProviderObject> fetch(ObjectKey key);

    /**
     * Fetches an object that may live in an account connected to the API key's own
     * ({@link io.tambat.provider.spi.StateChange.FetchCurrent#connectedAccount()}, a Stripe Connect
     * account): the request is then made on that account's behalf, because the key's own account does not see
     * the object. Without a connected account, the same as {@link #fetch(ObjectKey)}.
     *
     * <p>A port that does not override this cannot act for another account, and says so rather than fetch the
     * wrong account's view: a provider's interpreter names connected accounts only when its port reads them.
     *
     * @throws UninterpretableEventException also when given a connected account the port cannot act for;
     *         otherwise as {@link #fetch(ObjectKey)}
     */
    default Optional<ProviderObject> fetch(ObjectKey key, Optional<String> connectedAccount) {
        if (connectedAccount.isPresent()) {
            throw new UninterpretableEventException("the " + key.provider()
                    + " state client cannot fetch on behalf of a connected account");
        }
        return fetch(key);
    }
}
