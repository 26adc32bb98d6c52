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
import io.tambat.domain.model.webhook.SealedPayload;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the result rows of {@code forward_delivery}. Each shape's select list stands next to the method that
 * reads it, so the two cannot drift apart.
 */
final class ForwardRows {

    /**
     * A leased delivery with what sending it needs: the lease statement's rows {@code l}, their event {@code i},
     * and for a state change its mutation {@code m} (an event's only, the payload; a state change's only, the
     * mutation).
     */
    static final String LEASED = """
            l.delivery_id, l.destination_id, l.message_type, l.message_id, CAST(l.inbox_id AS text), l.attempt_count,
                l.taken_over, i.provider, i.endpoint_id, i.event_type, i.provider_event_id, i.content_type,
                CASE WHEN l.message_type = 'event' THEN i.payload_key_id END,
                CASE WHEN l.message_type = 'event' THEN i.payload_ciphertext END,
                m.object_type, m.object_id, m.state, m.version, m.applied_at, l.ordering_key, l.created_at,
                l.attempts_before_schedule""";

    /**
     * Joins each leased delivery {@code l} to its event {@code i} and, for a state change, its mutation {@code m}.
     * A delivery whose event is gone comes without it ({@link #orphan}).
     */
    static final String LEASED_FROM = """
            FROM leased l LEFT JOIN webhook_inbox i ON i.inbox_id = l.inbox_id
                LEFT JOIN object_mutation m ON l.message_type = 'state-change' AND m.inbox_id = l.inbox_id""";

    /** A delivery as operators see it. */
    static final String RECORD = """
            delivery_id, message_id, message_type, CAST(inbox_id AS text), status, attempt_count, next_attempt_at,
                delivered_at, last_error, last_status, created_at""";

    /**
     * One destination's backlog ({@code ?1} the destination, {@code ?2} now, {@code ?3} whether FAILED deliveries
     * hold their keys), each through its partial index: the counts up to {@link DestinationBacklog#COUNTED_UP_TO}, the oldest pending
     * one the first entry of its index.
     */
    static final String BACKLOG = """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM forward_delivery WHERE destination_id = ?1
                    AND status = 'PENDING' LIMIT %1$d) pending),
                (SELECT count(*) FROM (SELECT 1 FROM forward_delivery WHERE destination_id = ?1
                    AND status = 'FAILED' LIMIT %1$d) failed),
                (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?2 - min(created_at))) AS bigint), 0)
                 FROM forward_delivery WHERE destination_id = ?1 AND status = 'PENDING'),
                (SELECT max(delivered_at) FROM forward_delivery WHERE destination_id = ?1 AND status = 'DELIVERED'),
                (SELECT CASE WHEN ?3 THEN count(DISTINCT ordering_key) ELSE 0 END FROM (SELECT ordering_key
                    FROM forward_delivery WHERE destination_id = ?1 AND status = 'FAILED' LIMIT %1$d) held),
                EXISTS (SELECT 1 FROM forward_destination_pause WHERE destination_id = ?1)""".formatted(DestinationBacklog.COUNTED_UP_TO);

    /**
     * The keys FAILED deliveries hold ({@code ?1} the destination, {@code ?2} how many): each key's first
     * unfinished delivery when it is FAILED, with how many of the key's deliveries wait behind it.
     */
    static final String HELD_KEYS = """
            SELECT f.ordering_key, f.delivery_id, f.failed_at,
                (SELECT count(*) FROM forward_delivery w WHERE w.destination_id = ?1 AND w.ordering_key = f.ordering_key
                 AND w.status = 'PENDING' AND w.delivery_id > f.delivery_id)
            FROM forward_delivery f
            WHERE f.destination_id = ?1 AND f.status = 'FAILED'
                AND NOT EXISTS (SELECT 1 FROM forward_delivery e WHERE e.destination_id = ?1
                    AND e.ordering_key = f.ordering_key AND e.status IN ('PENDING', 'FAILED')
                    AND e.delivery_id < f.delivery_id)
            ORDER BY f.failed_at, f.delivery_id
            LIMIT ?2""";

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

    static ForwardDelivery leased(Object[] row) {
        Optional<SealedPayload> payload = row[13] == null ? Optional.empty()
                : Optional.of(new SealedPayload((String) row[12], (byte[]) row[13]));
        UUID inboxId = ColumnValues.uuid(row[4]);
        Optional<StateChangeNotice> stateChange = row[14] == null ? Optional.empty()
                : Optional.of(new StateChangeNotice(inboxId, (String) row[7], (String) row[8], (String) row[14],
                        (String) row[15], (String) row[16], ColumnValues.optionalLong(row[17]),
                        ColumnValues.instant(row[18])));
        return new ForwardDelivery(ColumnValues.number(row[0]), (String) row[1], type(row[2]), (String) row[3],
                inboxId, (String) row[19], ColumnValues.instant(row[20]), ColumnValues.lease(row[5], row[6]),
                ColumnValues.integer(row[21]), (String) row[7],
                new EndpointId((String) row[8]), (String) row[9], (String) row[10], ColumnValues.optionalText(row[11]),
                payload, stateChange);
    }

    /** A row of the received events a replay walks. */
    static ForwardableEvent forwardable(Object[] row) {
        Optional<ForwardableEvent.AppliedMutation> mutation = row[7] == null ? Optional.empty()
                : Optional.of(new ForwardableEvent.AppliedMutation((String) row[7], ColumnValues.instant(row[8])));
        return new ForwardableEvent(ColumnValues.uuid(row[0]), (String) row[1], (String) row[2], (String) row[3],
                ColumnValues.optionalText(row[4]), ColumnValues.instant(row[5]), (Boolean) row[6], mutation);
    }

    static DeliveryRecord record(Object[] row) {
        return new DeliveryRecord(ColumnValues.number(row[0]), (String) row[1], type(row[2]), ColumnValues.uuid(row[3]),
                DeliveryStatus.valueOf((String) row[4]), ColumnValues.integer(row[5]),
                DeliveryStatus.valueOf((String) row[4]) == DeliveryStatus.PENDING
                        ? ColumnValues.optionalInstant(row[6]) : Optional.empty(),
                ColumnValues.optionalInstant(row[7]), ColumnValues.optionalText(row[8]),
                ColumnValues.optionalLong(row[9]).map(Long::intValue), ColumnValues.instant(row[10]));
    }

    /** An age is never negative, even when this clock is behind the one that wrote the row. */
    static DestinationBacklog backlog(Object[] row) {
        return new DestinationBacklog(ColumnValues.number(row[0]), ColumnValues.number(row[1]),
                Math.max(0, ColumnValues.number(row[2])), ColumnValues.optionalInstant(row[3]),
                ColumnValues.number(row[4]), (Boolean) row[5]);
    }

    static HeldKey heldKey(Object[] row) {
        return new HeldKey((String) row[0], ColumnValues.number(row[1]), ColumnValues.instant(row[2]),
                ColumnValues.number(row[3]));
    }

    private static MessageType type(Object value) {
        return MessageType.fromWireName((String) value)
                .orElseThrow(() -> new IllegalStateException("unknown message type " + value));
    }
}
