package io.tambat.application.webhook;

import io.tambat.application.transaction.GroupCommit;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.port.out.webhook.InboxPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Deliveries that arrive together are stored by one inbox transaction ({@link GroupCommit}), each answered only
 * after that commit, as if it had its own; a delivery weighs its inbox entries.
 */
@ApplicationScoped
public class InboxGroupCommit {

    @Inject
    InboxAcceptance acceptance;

    @Inject
    IngressSettings settings;

    @Inject
    Clock clock;

    private GroupCommit<List<NewInboxEvent>, List<InboxPort.Insertion>> deliveries;

    @PostConstruct
    void start() {
        deliveries = new GroupCommit<>(settings.groupCommit(), List::size,
                this::acceptTogether, entries -> acceptance.accept(entries, Optional.empty(), clock.instant()));
    }

    /**
     * Returns after the commit that stored the entries; a failure surfaces as the exception their own
     * transaction would have raised, and nothing is acknowledged.
     */
    public List<InboxPort.Insertion> accept(List<NewInboxEvent> entries) {
        return deliveries.submit(List.copyOf(entries));
    }

    /** How many deliveries wait for a committer now. */
    int queued() {
        return deliveries.queued();
    }

    private List<List<InboxPort.Insertion>> acceptTogether(List<List<NewInboxEvent>> group) {
        List<InboxPort.Insertion> insertions = acceptance.accept(group.stream().flatMap(List::stream).toList(),
                Optional.empty(), clock.instant());
        List<List<InboxPort.Insertion>> perDelivery = new ArrayList<>(group.size());
        int from = 0;
        for (List<NewInboxEvent> delivery : group) {
            perDelivery.add(List.copyOf(insertions.subList(from, from + delivery.size())));
            from += delivery.size();
        }
        return perDelivery;
    }
}
