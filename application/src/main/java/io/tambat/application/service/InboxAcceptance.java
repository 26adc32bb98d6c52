package io.tambat.application.service;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.port.out.InboxPort;
import io.tambat.domain.port.out.OutboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The one transaction of ingress: every inbox row of a delivery and, for each row created, its outbox
 * notification. Either all of it commits or none of it does.
 */
@ApplicationScoped
public class InboxAcceptance {

    @Inject
    InboxPort inbox;

    @Inject
    OutboxPort outbox;

    /** Returns after the commit; a commit failure surfaces as an exception and nothing is acknowledged. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<InboxPort.Insertion> accept(List<NewInboxEntry> entries, Instant now) {
        List<InboxPort.Insertion> insertions = new ArrayList<>(entries.size());
        for (NewInboxEntry entry : entries) {
            InboxPort.Insertion insertion = inbox.insertIfAbsent(entry);
            if (insertion.created()) {
                outbox.append(insertion.inboxId(), OutboxMessage.WEBHOOK_RECEIVED, now);
            }
            insertions.add(insertion);
        }
        return insertions;
    }
}
