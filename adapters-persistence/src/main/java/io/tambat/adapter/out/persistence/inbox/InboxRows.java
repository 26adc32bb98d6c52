package io.tambat.adapter.out.persistence.inbox;

import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.instant;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.integer;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.optionalLong;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.optionalText;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.uuid;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.processing.InboxRow;
import io.tambat.domain.model.processing.LeasedEvent;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import java.util.Optional;

/**
 * Reads the result rows of the inbox tables ({@code webhook_inbox} and its history). Each shape's select list
 * stands next to the method that reads it, so the two cannot drift apart; queries select the list as it is.
 */
final class InboxRows {

    /**
     * A row's status as the API shows it. A lease leaves the stored status RECEIVED (so the lease rewrites no
     * index entry) and sets {@code lease_until}, which only a pending row may carry: such a row is PROCESSING.
     */
    static final String STATUS = "CASE WHEN lease_until IS NULL THEN status ELSE 'PROCESSING' END";

    /** What an operator may see of a row: never the payload, only whether it is still retained. */
    static final String OPERATOR_VIEW = """
            CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id, object_version,
            %s, attempt_count, received_at, next_attempt_at, matched_secret_version, last_error,
            payload_ciphertext IS NOT NULL""".formatted(STATUS);

    /** A row as the worker that leased it needs it, from the lease statement's {@code leased} rows. */
    static final String LEASED = """
            CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
            object_version, attempt_count, taken_over, payload_ciphertext, payload_key_id, received_at, trace_context""";

    /** A payload with the identity it is bound to. */
    static final String SEALED_PAYLOAD = """
            CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, payload_key_id, payload_ciphertext""";

    /** The business mutation a row's processing applied, from the mutation trail. */
    static final String MUTATION = "object_type, object_id, state, version, applied_at";

    /** One entry of a row's history, as {@link PostgresInboxQueryAdapter#HISTORY} lists it. */
    static final String STATUS_CHANGE = "status, at";

    private InboxRows() {
    }

    static InboxRow operatorView(Object[] row) {
        return new InboxRow(uuid(row[0]), (String) row[1], (String) row[2], (String) row[3], (String) row[4],
                optionalText(row[5]), optionalLong(row[6]), (String) row[7], integer(row[8]), instant(row[9]),
                instant(row[10]), (String) row[11], optionalText(row[12]), (Boolean) row[13]);
    }

    static LeasedEvent leased(Object[] row) {
        Optional<SealedPayload> payload = row[9] == null ? Optional.empty()
                : Optional.of(new SealedPayload((String) row[10], (byte[]) row[9]));
        return new LeasedEvent(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                (String) row[4], optionalText(row[5]), optionalLong(row[6]), ColumnValues.lease(row[7], row[8]),
                instant(row[11]), payload, optionalText(row[12]));
    }

    /** A row's payload: {@code sealed} is empty once retention purged it. */
    static InboxRow.Payload sealedPayload(Object[] row) {
        Optional<SealedPayload> sealed = row[5] == null ? Optional.empty()
                : Optional.of(new SealedPayload((String) row[4], (byte[]) row[5]));
        return new InboxRow.Payload(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                sealed);
    }

    static InboxRow.StatusChange statusChange(Object[] row) {
        return new InboxRow.StatusChange((String) row[0], instant(row[1]));
    }

    static InboxRow.Mutation mutation(Object[] row) {
        return new InboxRow.Mutation((String) row[0], (String) row[1], (String) row[2], optionalLong(row[3]),
                instant(row[4]));
    }
}
