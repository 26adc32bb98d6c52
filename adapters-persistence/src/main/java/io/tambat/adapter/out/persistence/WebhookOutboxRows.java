package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.OutboxPort;

/**
 * Reads the result rows of {@code webhook_outbox}. Each shape's select list stands next to the method that
 * reads it, so the two cannot drift apart.
 */
final class WebhookOutboxRows {

    /** One notification to publish. */
    static final String MESSAGE = "outbox_id, CAST(inbox_id AS text), topic, created_at";

    /** The unpublished rows: how many, and the oldest one's creation (null when none). */
    static final String BACKLOG = "count(*), min(created_at)";

    private WebhookOutboxRows() {
    }

    static OutboxMessage message(Object[] row) {
        return new OutboxMessage(ColumnValues.number(row[0]), ColumnValues.uuid(row[1]), (String) row[2],
                ColumnValues.instant(row[3]));
    }

    static OutboxPort.Backlog backlog(Object[] row) {
        return new OutboxPort.Backlog(ColumnValues.number(row[0]), ColumnValues.optionalInstant(row[1]));
    }
}
