package io.tambat.application.processing;

import io.tambat.application.payload.PayloadStore;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStatePort;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a leased event means for business state: its payload opened, read by its provider's interpreter under its
 * endpoint's settings, and, when the event only says that an object changed, the provider's current state of that
 * object. Resolving runs outside any transaction, because a fetch is a remote call; what it resolves is then
 * completed in a transaction of its own.
 */
@ApplicationScoped
public class EventResolution {

    @Inject
    EventInterpreters interpreters;

    @Inject
    ProviderStates providerStates;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    PayloadStore payloads;

    @Inject
    Clock clock;

    /**
     * What to apply for the event: nothing when no interpreter knows its provider or it concerns no tracked object,
     * the change it carries, or the current state fetched for an event without a version.
     *
     * @throws UninterpretableEventException when its payload is gone or unreadable, or no API is configured to
     *         fetch what it asks to fetch
     */
    public ProcessingCompletion.Resolution resolve(LeasedInboxEvent event) {
        Optional<EventInterpreter> interpreter = interpreters.find(event.provider());
        if (interpreter.isEmpty()) {
            return ProcessingCompletion.nothing();
        }
        Optional<StateChange> change = interpreter.get().interpret(stored(event), interpretation(event));
        if (change.isEmpty()) {
            return ProcessingCompletion.nothing();
        }
        if (change.get() instanceof StateChange.FetchCurrent fetch) {
            ProviderStatePort client = stateClient(event).orElseThrow(
                    () -> new UninterpretableEventException("the event carries no version and no API is "
                            + "configured to fetch " + event.provider() + " objects"));
            return current(fetch.key(), () -> client.fetch(fetch.key(), fetch.connectedAccount()));
        }
        return new ProcessingCompletion.Resolution.Apply(change.get());
    }

    /**
     * The provider's current state of the object the event is about, in place of the change the event carries:
     * how a sequence gap that outlived its window is closed. The event was interpreted before, when its gap was
     * found, so its interpreter and its change exist.
     */
    public ProcessingCompletion.Resolution currentState(LeasedInboxEvent event, ProviderStatePort client) {
        StateChange change = interpreters.find(event.provider()).orElseThrow()
                .interpret(stored(event), interpretation(event)).orElseThrow();
        return current(change.key(), () -> client.fetch(change.key()));
    }

    /**
     * The client that fetches objects for the endpoint that received the event, with the endpoint's own key or
     * its provider's; empty when no API is configured for its provider.
     */
    public Optional<ProviderStatePort> stateClient(LeasedInboxEvent event) {
        return providerStates.forEndpoint(event.provider(), event.endpointId());
    }

    /**
     * The fetched state as what to apply, nothing when the provider no longer has the object. It is timed from
     * just before the call, since the answer is at least that new: fetched states are ordered by that time, so a
     * slow worker's older read does not overwrite a newer one.
     */
    private ProcessingCompletion.Resolution current(ObjectKey key, Supplier<Optional<ProviderObject>> fetch) {
        Instant fetchedAt = clock.instant();
        return fetch.get().<ProcessingCompletion.Resolution>map(
                        object -> new ProcessingCompletion.Resolution.Fetched(key, object, fetchedAt))
                .orElseGet(ProcessingCompletion::nothing);
    }

    private StoredEvent stored(LeasedInboxEvent event) {
        byte[] payload = event.payload().flatMap(stored -> payloads.open(stored,
                        NewInboxEvent.payloadAssociatedData(event.inboxId(), event.provider(), event.endpointId(),
                                event.providerEventId())))
                .orElseThrow(() -> new UninterpretableEventException("the raw payload was purged by retention"));
        return new StoredEvent(event.provider(), event.providerEventId(), event.eventType(), event.objectId(),
                event.objectVersion(), payload);
    }

    private InterpretationSettings interpretation(LeasedInboxEvent event) {
        return endpoints.find(event.endpointId().value()).map(WebhookEndpoint::interpretation)
                .orElse(InterpretationSettings.STANDARD_DEFAULTS);
    }
}
