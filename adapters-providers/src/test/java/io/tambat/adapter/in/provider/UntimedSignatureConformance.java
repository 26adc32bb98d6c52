package io.tambat.adapter.in.provider;

import io.tambat.provider.spi.ProviderAdapter;
import java.util.Optional;

/**
 * The conformance suite for a provider whose delivery carries a single signature (or token) that covers neither
 * an attempt timestamp nor the header the logical event id travels in: GitHub, Shopify, GitLab and Twilio. Nothing
 * in their signature dates a delivery or binds its id, so the kit's cases about a signed timestamp, a signed id
 * and signatures side by side do not apply to them.
 */
public abstract class UntimedSignatureConformance extends BuiltInAdapterConformance {

    protected UntimedSignatureConformance(ProviderAdapter adapter, String contentType) {
        super(adapter, contentType);
    }

    /** None: the id is not signed, so another id over the same signature still verifies. */
    @Override
    protected final Optional<Message> withChangedEventId(Message message) {
        return Optional.empty();
    }

    @Override
    protected final boolean signsTimestamp() {
        return false;
    }

    @Override
    protected final boolean carriesSeveralSignatures() {
        return false;
    }
}
