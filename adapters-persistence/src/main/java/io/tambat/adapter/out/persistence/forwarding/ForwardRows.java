package io.tambat.adapter.out.persistence.forwarding;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.model.webhook.EndpointId;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the result rows of {@link PostgresForwardingAdapter}'s statements over {@code forward_delivery}: each
 * reader takes the columns in the order its statement, named in its Javadoc, selects them.
 */
final class ForwardRows {

    private ForwardRows() {
    }

    /** Whether a leased row's event is gone: nothing is left to send, nor to say what it was. */
    static boolean orphan(Object[] row) {
        return row[7] == null;
    }

    /** A leased row's delivery id. */
    static long deliveryId(Object[] row) {
        return ColumnValues.number(row[0]);
    }

    /** A row of {@code LEASE} or {@code LEASE_IN_ORDER}. */
    static ForwardDelivery leased(Object[] row) {
        UUID inboxId = ColumnValues.uuid(row[4]);
        Optional<StateChangeNotice> stateChange = row[15] == null ? Optional.empty()
                : Optional.of(new StateChangeNotice(inboxId, (String) row[7], (String) row[8], (String) row[15],
                        (String) row[16], (String) row[17], ColumnValues.optionalLong(row[18]),
                        ColumnValues.instant(row[19])));
        return new ForwardDelivery(ColumnValues.number(row[0]), (String) row[1], type(row[2]), (String) row[3],
                inboxId, (String) row[20], ColumnValues.instant(row[21]), ColumnValues.lease(row[5], row[6]),
                ColumnValues.integer(row[22]), (String) row[7],
                new EndpointId((String) row[8]), (String) row[9], (String) row[10], ColumnValues.optionalText(row[11]),
                ColumnValues.storedPayload(row[12], row[13], row[14]), stateChange);
    }

    /** A row of the received events a replay walks ({@code RECEIVED}). */
    static ForwardableEvent forwardable(Object[] row) {
        Optional<ForwardableEvent.AppliedMutation> mutation = row[7] == null ? Optional.empty()
                : Optional.of(new ForwardableEvent.AppliedMutation((String) row[7], ColumnValues.instant(row[8])));
        return new ForwardableEvent(ColumnValues.uuid(row[0]), (String) row[1], (String) row[2], (String) row[3],
                ColumnValues.optionalText(row[4]), ColumnValues.instant(row[5]), (Boolean) row[6], mutation);
    }

    /** A delivery as operators see it, from {@code deliveries}' query. */
    static DeliveryRecord record(Object[] row) {
        return new DeliveryRecord(ColumnValues.number(row[0]), (String) row[1], type(row[2]), ColumnValues.uuid(row[3]),
                DeliveryStatus.valueOf((String) row[4]), ColumnValues.integer(row[5]),
                DeliveryStatus.valueOf((String) row[4]) == DeliveryStatus.PENDING
                        ? ColumnValues.optionalInstant(row[6]) : Optional.empty(),
                ColumnValues.optionalInstant(row[7]), ColumnValues.optionalText(row[8]),
                ColumnValues.optionalLong(row[9]).map(Long::intValue), ColumnValues.instant(row[10]));
    }

    /**
     * A row of {@code BACKLOG}. An age is never negative, even when this clock is behind the one that wrote the
     * row.
     */
    static DestinationBacklog backlog(Object[] row) {
        return new DestinationBacklog(ColumnValues.number(row[0]), ColumnValues.number(row[1]),
                Math.max(0, ColumnValues.number(row[2])), ColumnValues.optionalInstant(row[3]),
                ColumnValues.number(row[4]), (Boolean) row[5]);
    }

    /** A row of {@code HELD_KEYS}. */
    static HeldKey heldKey(Object[] row) {
        return new HeldKey((String) row[0], ColumnValues.number(row[1]), ColumnValues.instant(row[2]),
                ColumnValues.number(row[3]));
    }

    private static MessageType type(Object value) {
        return MessageType.fromWireName((String) value)
                .orElseThrow(() -> new IllegalStateException("unknown message type " + value));
    }
}
