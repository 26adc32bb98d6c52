package io.tambat.sender.delivery;

import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How one provider delivers an event: its logical ids, what its signature covers, its sample event, and how it
 * signs a body into a request.
 */
public final class ProviderDelivery {

    private final String provider;
    private final Set<Signed> signs;
    private final Supplier<String> logicalIds;
    private final Function<Attempt, Body> sample;
    private final BiFunction<Attempt, Body, WebhookRequest> signing;

    /**
     * @param signing the signed request of the attempt with the body, which is the given one or the sample;
     *     throws {@link IllegalArgumentException} for a secret not in the provider's format or a body the provider
     *     cannot send
     */
    ProviderDelivery(String provider, Set<Signed> signs, Supplier<String> logicalIds, Function<Attempt, Body> sample,
            BiFunction<Attempt, Body, WebhookRequest> signing) {
        this.provider = provider;
        this.signs = Set.copyOf(signs);
        this.logicalIds = logicalIds;
        this.sample = sample;
        this.signing = signing;
    }

    /** The provider's name, as in the receiver's {@code /webhooks/{provider}/{endpointId}}. */
    public String provider() {
        return provider;
    }

    /** What the provider's signature covers. */
    public Set<Signed> signs() {
        return signs;
    }

    /** A new logical id in the provider's format. */
    public String newLogicalId() {
        return logicalIds.get();
    }

    /**
     * The request the provider sends for this attempt: the attempt's given body, else the provider's sample,
     * signed.
     *
     * @throws IllegalArgumentException when the secret is not in the provider's format, or the provider cannot
     *     send the given body
     */
    public WebhookRequest request(Attempt attempt) {
        Body body = attempt.givenBody().orElseGet(() -> sample.apply(attempt));
        return signing.apply(attempt, body);
    }
}
