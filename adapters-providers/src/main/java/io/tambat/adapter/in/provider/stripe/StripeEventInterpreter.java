package io.tambat.adapter.in.provider.stripe;

import io.tambat.adapter.in.provider.support.DeclaredEventInterpreter;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.in.provider.support.processing.StoredPayloads;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a Stripe event means for one tracked object.
 *
 * <p>Stripe events carry a snapshot of the object but no version, and Stripe does not deliver them in order,
 * so a snapshot cannot say whether it is newer than the state already derived. Every tracked event therefore
 * only names the object ({@link StateChange.FetchCurrent}) and the worker converges to what Stripe's API says
 * now. The object type comes from the event type's prefix; the id from {@code data.object.id}, with two
 * exceptions where {@code data.object} is not the tracked object:
 *
 * <ul>
 *   <li>{@code charge.refunded} carries the refunded charge. Up to API version 2022-08-01 the charge embeds its
 *       refunds, newest first, so the refund is the most recent one, {@code data.object.refunds.data[0].id}.
 *       Since 2022-11-15 it embeds none and names no refund: the event then tracks nothing, and the refund is
 *       converged from its own events ({@code refund.created}, {@code refund.updated}, {@code refund.failed},
 *       {@code charge.refund.updated}), whose {@code data.object} is the refund. Stripe sends
 *       {@code refund.created} for refunds of charges since 2024-10-28.acacia.</li>
 *   <li>Under {@code account.}, {@code data.object} is not always the account: for
 *       {@code account.external_account.*} it is a bank account or card, and the account is its
 *       {@code account}; {@code account.application.*} concerns a platform authorization and is not
 *       tracked.</li>
 * </ul>
 *
 * <p>{@code charge.dispute.*} events carry the dispute itself ({@code data.object.object} is {@code dispute}).
 *
 * <p>An event from a Connect account carries that account's id as its top-level {@code account}; the object
 * lives in that account, so the fetch is made on its behalf ({@link StateChange.FetchCurrent#connectedAccount()}).
 * A connected account itself is the exception: the platform reads its accounts with its own key. Settings are
 * ignored: Stripe's envelope is fixed.
 */
public final class StripeEventInterpreter extends DeclaredEventInterpreter {

    // No prefix starts another, so the first match is the only one and the order is for reading only.
    private static final List<Map.Entry<String, ObjectType>> PREFIXES = List.of(
            Map.entry("payment_intent.", ObjectType.PAYMENT),
            Map.entry("customer.subscription.", ObjectType.SUBSCRIPTION),
            // A prefix without a dot: charge.refunded as well as charge.refund.updated.
            Map.entry("charge.refund", ObjectType.REFUND),
            Map.entry("refund.", ObjectType.REFUND),
            Map.entry("charge.dispute.", ObjectType.DISPUTE),
            Map.entry("account.", ObjectType.ACCOUNT));

    private static final String OBJECT_ID = "/data/object/id";
    private static final String OBJECT_KIND = "/data/object/object";
    private static final String EMBEDDED_REFUNDS = "/data/object/refunds";
    private static final String LATEST_REFUND_ID = "/data/object/refunds/data/0/id";
    private static final String OWNER_ACCOUNT_ID = "/data/object/account";
    private static final String CONNECTED_ACCOUNT = "/account";
    private static final JsonPointers READ =
            JsonPointers.of(OBJECT_ID, OBJECT_KIND, EMBEDDED_REFUNDS, OWNER_ACCOUNT_ID, CONNECTED_ACCOUNT);

    /** Stripe's account ids; bounded so that the id fits the domain's limit and a request header. */
    private static final Pattern ACCOUNT_ID = Pattern.compile("acct_[A-Za-z0-9]{1,250}");

    public StripeEventInterpreter() {
        super("stripe");
    }

    @Override
    public Optional<StateChange> interpret(StoredEvent event, InterpretationSettings settings) {
        Optional<ObjectType> type = objectType(event.eventType());
        if (type.isEmpty()) {
            // Decided on the type alone: an event nobody tracks must not fail on a payload nobody reads.
            return Optional.empty();
        }
        JsonObject payload = StoredPayloads.jsonObject(event.payload(), READ);
        Optional<String> kind = StoredPayloads.read(() -> JsonFields.optionalString(payload, OBJECT_KIND));
        Optional<String> idField = idField(type.get(), kind, payload);
        if (idField.isEmpty()) {
            return Optional.empty();
        }
        String field = idField.get();
        String id = StoredPayloads.required(field, () -> JsonFields.optionalString(payload, field));
        ObjectKey key = key(field, type.get(), id);
        return Optional.of(new StateChange.FetchCurrent(key, connectedAccount(type.get(), payload)));
    }

    static Optional<ObjectType> objectType(String eventType) {
        return PREFIXES.stream()
                .filter(prefix -> eventType.startsWith(prefix.getKey()))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    /**
     * Where the tracked object's id is, given what {@code data.object} is. Empty when the event, though under a
     * tracked prefix, is about no object of that type.
     */
    private static Optional<String> idField(ObjectType type, Optional<String> kind, JsonObject payload) {
        if (type == ObjectType.REFUND && kind.filter("charge"::equals).isPresent()) {
            // A charge of API version 2022-11-15 or later embeds no refunds: which refund changed is not in it.
            boolean embedsRefunds = JsonFields.optionalValue(payload, EMBEDDED_REFUNDS).isPresent();
            return embedsRefunds ? Optional.of(LATEST_REFUND_ID) : Optional.empty();
        }
        if (type == ObjectType.ACCOUNT && kind.filter(k -> !k.equals("account")).isPresent()) {
            // account.external_account.*: a bank account or card that names its owner, whose payouts it may
            // change. account.application.*: a platform's authorization, which names no account in data.object
            // and whose account the platform may no longer be allowed to read.
            boolean namesOwner = StoredPayloads.read(() -> JsonFields.optionalString(payload, OWNER_ACCOUNT_ID))
                    .isPresent();
            return namesOwner ? Optional.of(OWNER_ACCOUNT_ID) : Optional.empty();
        }
        return Optional.of(OBJECT_ID);
    }

    /**
     * The Connect account the object lives in: the event's {@code account}. None for an account itself, which
     * the platform reads with its own key ({@code GET /v1/accounts/{id}}) rather than on the account's behalf.
     */
    private static Optional<String> connectedAccount(ObjectType type, JsonObject payload) {
        if (type == ObjectType.ACCOUNT) {
            return Optional.empty();
        }
        Optional<String> account = StoredPayloads.read(() -> JsonFields.optionalString(payload, CONNECTED_ACCOUNT));
        if (account.filter(id -> !ACCOUNT_ID.matcher(id).matches()).isPresent()) {
            throw new UninterpretableEventException(CONNECTED_ACCOUNT + " is not a Stripe account id");
        }
        return account;
    }
}
