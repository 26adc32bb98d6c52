package io.tambat.application.order;

import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Idempotency records in memory, with the long operations that live on them, keeping the ports' promises for
 * one thread: a live record is never claimed over, an expired one is (unless its operation still runs), and
 * only the attempt a test names as the lease holder may fence or complete an operation.
 */
final class InMemoryIdempotencyRecords implements IdempotencyStorePort, OrderOperationsPort {

    /** One record, as the store keeps it. */
    static final class Record {
        final TenantId tenant;
        final String fingerprint;
        final Instant createdAt;
        final Instant expiresAt;
        final Optional<PendingOperation> operation;
        Optional<RecordedOutcome> outcome = Optional.empty();
        Instant keptUntil;
        int leaseHolder;

        Record(TenantId tenant, String fingerprint, Instant createdAt, Instant expiresAt,
                Optional<PendingOperation> operation) {
            this.tenant = tenant;
            this.fingerprint = fingerprint;
            this.createdAt = createdAt;
            this.expiresAt = expiresAt;
            this.operation = operation;
            this.keptUntil = expiresAt;
        }
    }

    private record Key(TenantId tenant, IdempotencyScope scope, IdempotencyKey key) {
    }

    private final Map<Key, Record> records = new HashMap<>();
    private final List<Duration> claimWaitBounds = new ArrayList<>();
    private final Set<Key> writtenElsewhere = new HashSet<>();
    private RuntimeException nextClaimFailure;

    /**
     * Another transaction is writing the key and does not end: every claim of it waits out its bound and says so,
     * as the store's would.
     */
    void writtenElsewhere(TenantId tenant, IdempotencyKey key) {
        writtenElsewhere.add(new Key(tenant, IdempotencyScope.ORDER_PLACEMENT, key));
    }

    /** The next claim throws this instead, as the store would (a wait that ran out, an outage). */
    void failNextClaim(RuntimeException failure) {
        nextClaimFailure = failure;
    }

    Optional<Record> record(TenantId tenant, IdempotencyKey key) {
        return Optional.ofNullable(records.get(new Key(tenant, IdempotencyScope.ORDER_PLACEMENT, key)));
    }

    /** Which attempt holds the operation's lease from now on, as a lease or a takeover would set it. */
    void leasedTo(UUID operationId, int attempt) {
        operationRecord(operationId).orElseThrow().leaseHolder = attempt;
    }

    /** Every bound a transaction put on its claims' waits, in order. */
    List<Duration> claimWaitBounds() {
        return List.copyOf(claimWaitBounds);
    }

    @Override
    public void boundClaimWaits(Duration wait) {
        claimWaitBounds.add(wait);
    }

    @Override
    public Claim claim(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
            Optional<PendingOperation> operation, Instant now, Instant expiresAt) {
        if (nextClaimFailure != null) {
            RuntimeException failure = nextClaimFailure;
            nextClaimFailure = null;
            throw failure;
        }
        Key id = new Key(tenant, scope, key);
        if (writtenElsewhere.contains(id)) {
            throw new IdempotencyInProgressException();
        }
        Record existing = records.get(id);
        boolean running = existing != null && existing.operation.isPresent() && existing.outcome.isEmpty();
        if (existing != null && (existing.keptUntil.isAfter(now) || running)) {
            return new Claim.Existing(existing.fingerprint, existing.outcome,
                    existing.operation.map(PendingOperation::id));
        }
        records.put(id, new Record(tenant, fingerprint, now, expiresAt, operation));
        return new Claim.Owned();
    }

    @Override
    public void complete(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, RecordedOutcome outcome) {
        records.get(new Key(tenant, scope, key)).outcome = Optional.of(outcome);
    }

    @Override
    public int purgeExpired(Instant now, int batch) {
        throw new UnsupportedOperationException("retention purges; placement does not");
    }

    @Override
    public List<OrderOperation> leaseDue(IdempotencyScope scope, int max, Instant now, Instant leaseUntil) {
        throw new UnsupportedOperationException("workers lease; placement does not");
    }

    @Override
    public boolean fence(UUID operationId, int attempt) {
        return operationRecord(operationId).filter(record -> holds(record, attempt)).isPresent();
    }

    @Override
    public boolean complete(UUID operationId, int attempt, RecordedOutcome outcome, Instant keepUntil) {
        Optional<Record> record = operationRecord(operationId).filter(found -> holds(found, attempt));
        record.ifPresent(found -> {
            found.outcome = Optional.of(outcome);
            found.keptUntil = keepUntil.isAfter(found.keptUntil) ? keepUntil : found.keptUntil;
        });
        return record.isPresent();
    }

    @Override
    public Optional<OperationState> find(TenantId tenant, UUID operationId) {
        return records.entrySet().stream()
                .filter(entry -> entry.getKey().tenant().equals(tenant))
                .map(Map.Entry::getValue)
                .filter(record -> record.operation.map(PendingOperation::id).filter(operationId::equals).isPresent())
                .findFirst()
                .map(record -> new OperationState(record.outcome));
    }

    @Override
    public Optional<TenantOperation> findInAnyTenant(UUID operationId) {
        return operationRecord(operationId).map(record -> new TenantOperation(operationId, record.tenant,
                record.createdAt, new OperationState(record.outcome)));
    }

    private static boolean holds(Record record, int attempt) {
        return record.leaseHolder == attempt && record.outcome.isEmpty();
    }

    private Optional<Record> operationRecord(UUID operationId) {
        return records.values().stream()
                .filter(record -> record.operation.map(PendingOperation::id).filter(operationId::equals).isPresent())
                .findFirst();
    }
}
