package io.tambat.adapter.out.persistence.inbox;

import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.instant;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.integer;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.optionalLong;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.optionalText;
import static io.tambat.adapter.out.persistence.jdbc.ColumnValues.uuid;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectType;

/**
 * Reads the result rows of the inbox statements ({@code webhook_inbox}, its history and mutations): each reader
 * takes the columns in the order the statements named in its Javadoc select them.
 */
final class InboxRows {

    private InboxRows() {
    }

    /** A row as an operator sees it: {@code PostgresInboxQueryAdapter}'s {@code LIST} and {@code FIND}. */
    static InboxEvent operatorView(Object[] row) {
        return new InboxEvent(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                (String) row[4], optionalText(row[5]), optionalLong(row[6]), InboxStatus.valueOf((String) row[7]),
                integer(row[8]), instant(row[9]), instant(row[10]), (String) row[11], optionalText(row[12]),
                (Boolean) row[13]);
    }

    /** A row of {@code PostgresInboxWorkAdapter}'s {@code LEASE}. */
    static LeasedInboxEvent leased(Object[] row) {
        return new LeasedInboxEvent(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                (String) row[4], optionalText(row[5]), optionalLong(row[6]), ColumnValues.lease(row[7], row[8]),
                instant(row[12]), ColumnValues.storedPayload(row[9], row[10], row[11]), optionalText(row[13]));
    }

    /** A row's payload ({@code PostgresInboxQueryAdapter}'s {@code PAYLOAD}): empty once retention purged it. */
    static InboxEvent.Payload storedPayload(Object[] row) {
        return new InboxEvent.Payload(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                ColumnValues.storedPayload(row[4], row[5], row[6]));
    }

    /** A row of {@code PostgresInboxQueryAdapter}'s {@code HISTORY}. */
    static InboxEvent.StatusChange statusChange(Object[] row) {
        return new InboxEvent.StatusChange(InboxStatus.valueOf((String) row[0]), instant(row[1]));
    }

    /** A row of {@code PostgresInboxQueryAdapter}'s {@code MUTATION}. */
    static InboxEvent.Mutation mutation(Object[] row) {
        return new InboxEvent.Mutation(new ObjectType((String) row[0]), (String) row[1], (String) row[2],
                optionalLong(row[3]), instant(row[4]));
    }
}
