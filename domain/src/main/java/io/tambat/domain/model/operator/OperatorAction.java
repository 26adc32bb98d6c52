package io.tambat.domain.model.operator;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One operator action in the audit trail: who did what, when, to which target or selection, and how many
 * items it changed (for a look-up, how many it found). Never holds a secret or payload: a secret version is
 * named, never its value.
 *
 * @param actor  the operator's name from their token
 * @param target the single item acted on (an inbox id, {@code endpoint/version}), when there is one
 * @param filter the selection of a bulk action, by filter name
 * @param count  how many items the action changed, so far for a bulk action still running
 */
public record OperatorAction(UUID actionId, String actor, Kind kind, Optional<String> target,
        Map<String, String> filter, long count, Instant at) {

    /** What was done, named as the audit trail shows it. */
    public enum Kind {
        INBOX_REDRIVE("inbox.redrive"),
        INBOX_BULK_REDRIVE("inbox.bulk_redrive"),
        INBOX_REPLAY("inbox.replay"),
        INBOX_PAYLOAD_REVEAL("inbox.payload_reveal"),
        /** A look-up of any tenant's order: it crosses tenants, so who looked is on record. */
        ORDER_LOOKUP("order.lookup"),
        ORDER_OPERATION_LOOKUP("order_operation.lookup"),
        SECRET_ADD("secret.add"),
        SECRET_RETIRE("secret.retire"),
        ORDER_DELIVERY_REDRIVE("order_delivery.redrive"),
        FORWARD_DELIVERY_REDRIVE("forward_delivery.redrive"),
        FORWARD_DELIVERY_SKIP("forward_delivery.skip"),
        DESTINATION_BULK_REDRIVE("destination.bulk_redrive"),
        DESTINATION_REPLAY("destination.replay"),
        DESTINATION_PAUSE("destination.pause"),
        DESTINATION_RESUME("destination.resume"),
        DESTINATION_DISCARD("destination.discard"),
        /** Stored payloads moved to where new ones are kept: the rows, or the object store. */
        PAYLOAD_MOVE("payloads.move"),
        /** Stored ciphertexts re-sealed under the current payload key. */
        PAYLOAD_RESEAL("payload_keys.reseal"),
        /** A reconciliation report over a range read in the background, kept with the action. */
        INBOX_RECONCILIATION("inbox.reconciliation");

        private final String code;

        Kind(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }

        public static Optional<Kind> ofCode(String code) {
            for (Kind kind : values()) {
                if (kind.code.equals(code)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }
    }

    public OperatorAction {
        Objects.requireNonNull(actionId);
        Objects.requireNonNull(actor);
        Objects.requireNonNull(kind);
        Objects.requireNonNull(target);
        filter = Map.copyOf(filter);
        Objects.requireNonNull(at);
    }

    /** An action on one item, which changed it ({@code changed}) or found nothing to change. */
    public static OperatorAction single(UUID actionId, Operator operator, Kind kind, String target, boolean changed,
            Instant at) {
        return new OperatorAction(actionId, operator.name(), kind, Optional.of(target), Map.of(), changed ? 1 : 0,
                at);
    }

    /** A bulk action over a selection, recorded before its first batch with nothing changed yet. */
    public static OperatorAction bulk(UUID actionId, Operator operator, Kind kind, Map<String, String> filter,
            Instant at) {
        return new OperatorAction(actionId, operator.name(), kind, Optional.empty(), filter, 0, at);
    }
}
