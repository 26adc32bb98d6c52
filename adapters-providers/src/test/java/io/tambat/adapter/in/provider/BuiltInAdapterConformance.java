package io.tambat.adapter.in.provider;

import io.tambat.kit.ProviderAdapterConformance;
import io.tambat.provider.spi.ProviderAdapter;
import java.util.Optional;

/**
 * The kit's conformance suite as this module's adapter tests extend it: each test hands over the adapter it
 * builds and the media type its provider sends, once, in its constructor, and runs its own cases against the same
 * {@code adapter}. An adapter written in another repository extends {@link ProviderAdapterConformance} itself.
 */
public abstract class BuiltInAdapterConformance extends ProviderAdapterConformance {

    /** The id the kit's own cases change a fixture's to. */
    private static final String OTHER_ID = "evt_contract_0002";

    /** The adapter under test, in the kit's cases and the test's own alike. */
    protected final ProviderAdapter adapter;

    private final String contentType;

    /** @param contentType the media type the provider sends, without parameters */
    protected BuiltInAdapterConformance(ProviderAdapter adapter, String contentType) {
        this.adapter = adapter;
        this.contentType = contentType;
    }

    @Override
    protected final ProviderAdapter adapter() {
        return adapter;
    }

    @Override
    protected final String contentType() {
        return contentType;
    }

    /**
     * The message under another event id, for a provider that carries the id inside the signed envelope: the
     * envelope is written again around the new id, so the body changes with it.
     */
    protected final Optional<Message> withEventIdChangedInEnvelope(Message message) {
        return Optional.of(message.withEventId(OTHER_ID)
                .withBody(envelope(OTHER_ID, message.eventType(), "contract fixture")));
    }
}
