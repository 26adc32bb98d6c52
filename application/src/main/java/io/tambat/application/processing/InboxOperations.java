package io.tambat.application.processing;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.payload.PayloadStore;
import io.tambat.application.port.in.inbox.OperateInboxUseCase;
import io.tambat.application.port.in.processing.QueryObjectStateUseCase;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.inbox.InboxQueryPort;
import io.tambat.domain.port.out.inbox.InboxRecoveryPort;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.provider.spi.ObjectKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Operator reads of the inbox and of derived state, redrive, and the audited reveal of a payload. */
@ApplicationScoped
public class InboxOperations implements OperateInboxUseCase, QueryObjectStateUseCase {

    @Inject
    InboxQueryPort queries;

    @Inject
    InboxRecoveryPort recovery;

    @Inject
    BusinessStatePort state;

    @Inject
    PayloadStore payloads;

    @Inject
    AuditTrail audit;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    @Override
    public Optional<InboxEvent.Page> list(InboxEvent.Filter filter, Optional<UUID> startingAfter, int limit) {
        return queries.list(filter, startingAfter, Math.max(1, Math.min(limit, MAX_LIST_LIMIT)));
    }

    @Override
    public Optional<InboxEvent.Detail> inspect(UUID inboxId) {
        return queries.find(inboxId);
    }

    @Override
    public InboxEvent.Stats stats() {
        Instant now = clock.instant();
        return queries.stats(now, settings.failedPayloads().losingSoonBefore(now));
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public Redrive redrive(Operator operator, UUID inboxId) {
        boolean redriven = recovery.redrive(inboxId, clock.instant());
        Redrive outcome = redriven ? Redrive.REDRIVEN
                : queries.find(inboxId).isPresent() ? Redrive.NOT_FAILED : Redrive.NOT_FOUND;
        if (outcome != Redrive.NOT_FOUND) {
            audit.single(operator, OperatorAction.Kind.INBOX_REDRIVE, inboxId.toString(), redriven);
        }
        return outcome;
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public PayloadReveal revealPayload(Operator operator, UUID inboxId) {
        Optional<InboxEvent.Payload> stored = queries.payload(inboxId);
        if (stored.isEmpty()) {
            return new PayloadReveal.NotFound();
        }
        InboxEvent.Payload payload = stored.get();
        audit.single(operator, OperatorAction.Kind.INBOX_PAYLOAD_REVEAL, inboxId.toString(),
                payload.stored().isPresent());
        return payload.stored().flatMap(sealed -> payloads.open(sealed, payload.associatedData()))
                .<PayloadReveal>map(PayloadReveal.Revealed::new)
                .orElseGet(PayloadReveal.Purged::new);
    }

    @Override
    public List<ObjectState> find(ObjectKey key, Optional<EndpointId> endpoint) {
        return endpoint.map(id -> state.find(id, key).stream().toList()).orElseGet(() -> state.findOnAnyEndpoint(key));
    }
}
