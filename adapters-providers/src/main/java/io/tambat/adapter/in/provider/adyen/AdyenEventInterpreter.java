package io.tambat.adapter.in.provider.adyen;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import java.util.Locale;
import java.util.Optional;

/**
 * What an Adyen notification item means: the latest notification of the payment, refund or dispute it concerns
 * ({@link AdyenEventCodes}).
 *
 * <p>Every item of a batch is stored with the whole batch, so the item is found again by the event's id. Adyen
 * sends no version and does not order its notifications, so, as for GitHub, an item is recorded as a
 * {@link StateChange.Notification}: its event code, lower case, with {@code _failed} appended when {@code success}
 * is not {@code true} (a refused authorisation is {@code authorisation_failed}). A refund is keyed by its own
 * {@code pspReference}; a payment or dispute by the payment's ({@code originalReference} when present). Settings
 * are ignored.
 */
public final class AdyenEventInterpreter extends DeclaredEventInterpreter {

    public AdyenEventInterpreter() {
        super("adyen");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        AdyenNotificationItem item = StoredPayloads.read(() ->
                AdyenNotification.items(event.payload(), Rejections::malformedEnvelope)).stream()
                .filter(candidate -> candidate.eventId().equals(event.providerEventId()))
                .findFirst()
                .orElseThrow(() -> new UninterpretableEventException("no item of the batch has this event's id"));
        return AdyenEventCodes.objectType(item.eventCode()).map(type -> {
            String reference = type == ObjectType.REFUND ? item.pspReference() : item.paymentReference();
            String state = item.eventCode().toLowerCase(Locale.ROOT) + (item.success() ? "" : "_failed");
            return notification("pspReference", type, reference, "eventCode", state);
        });
    }
}
