package io.tambat.application.order;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.port.in.order.PlaceOrderUseCase.Placement;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.order.Coupon;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationStatus;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.OrderOutcome;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import io.tambat.domain.port.out.order.OrderRenderingPort;
import io.tambat.domain.port.out.order.OrderStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The transactions of order creation. Synchronously, one: claim the key, then, as its owner, create the order
 * (or reject it for a deterministic reason), append OrderCreated to the outbox and record the outcome, as
 * rendered for its client, on the record. A loser of the claim waits for the owner's commit inside the claim and replays its answer; any
 * failure rolls all of it back, leaving the key free. A long operation splits this in two: the claim commits
 * the record in progress, and a worker later creates the order and completes the record in one transaction
 * fenced by its attempt token.
 */
@ApplicationScoped
public class OrderPlacement {

    @Inject
    IdempotencyStorePort idempotency;

    @Inject
    OrderOperationsPort operations;

    @Inject
    OrderStorePort orders;

    @Inject
    OrderRenderingPort rendering;

    @Inject
    OrderSettings settings;

    @Inject
    TimeOrderedIds ids;

    private static final IdempotencyScope SCOPE = IdempotencyScope.ORDER_PLACEMENT;

    /**
     * How long a claim in a group waits for a key another transaction is writing: not at all, to speak of. The
     * others' commit must not wait for it (up to the claim wait, or a deadlock's detection between two groups).
     */
    static final Duration GROUP_CLAIM_WAIT = Duration.ofMillis(1);

    /** The request of a group whose key another transaction is writing: it waits for it alone, outside the group. */
    static final class KeyBusy extends RuntimeException {

        private final int index;

        KeyBusy(int index, IdempotencyInProgressException cause) {
            super("request " + index + " of the group waits for its key", cause, false, false);
            this.index = index;
        }

        /** Its position in the group. */
        int index() {
            return index;
        }
    }

    /**
     * @throws io.tambat.domain.error.IdempotencyInProgressException when another request held the key past
     *         the bounded wait; everything here rolls back
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public Placement claimAndPlace(PlacementRequest placement, Instant now) {
        idempotency.boundClaimWaits(settings.claimWait());
        return place(placement, now);
    }

    /**
     * Places several requests in one transaction ({@link io.tambat.application.transaction.GroupCommit}), one
     * after the other, each exactly as {@link #claimAndPlace} would alone: a later one sees what an earlier one
     * claimed, so two requests with one key are one order and a replay. No claim here waits for a key another
     * transaction is writing ({@link #GROUP_CLAIM_WAIT}).
     *
     * @throws KeyBusy naming the first request whose key another transaction is writing; everything here rolls
     *         back
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<Placement> claimAndPlaceAll(List<PlacementRequest> placements, Instant now) {
        idempotency.boundClaimWaits(GROUP_CLAIM_WAIT);
        List<Placement> placed = new ArrayList<>(placements.size());
        for (PlacementRequest placement : placements) {
            try {
                placed.add(place(placement, now));
            } catch (IdempotencyInProgressException busy) {
                throw new KeyBusy(placed.size(), busy);
            }
        }
        return placed;
    }

    private Placement place(PlacementRequest placement, Instant now) {
        Optional<PendingOperation> operation = placement.respondAsync()
                ? Optional.of(new PendingOperation(ids.next(), placement.request())) : Optional.empty();
        IdempotencyStorePort.Claim claim = idempotency.claim(placement.tenant(), SCOPE, placement.key(),
                placement.fingerprint(), operation, now, now.plus(settings.retention()));
        if (claim instanceof IdempotencyStorePort.Claim.Existing existing) {
            return replay(existing, placement.fingerprint(), placement.respondAsync());
        }
        if (operation.isPresent()) {
            return new Placement.Accepted(operation.get().id(), OperationStatus.IN_PROGRESS, false);
        }
        RecordedOutcome outcome = record(create(placement.tenant(), placement.request(), now));
        idempotency.complete(placement.tenant(), SCOPE, placement.key(), outcome);
        return new Placement.Answered(outcome, false);
    }

    /**
     * Runs a leased long operation to its end. The record is locked under the worker's attempt token first,
     * so no takeover can slip in while the order is created, and the completion checks the token again.
     *
     * @throws LeaseLostException when the lease was taken over: everything here rolls back
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public RecordedOutcome complete(OrderOperation operation, Instant now) {
        if (!operations.fence(operation.id(), operation.lease().attempt())) {
            throw superseded(operation);
        }
        return store(operation, create(operation.tenant(), operation.request(), now), now);
    }

    /**
     * Ends a long operation that will not be carried out with a stored 500 {@code operation_failed}: no order,
     * and the same answer to every poll and replay for the whole retention.
     *
     * @throws LeaseLostException when the lease was taken over
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public RecordedOutcome fail(OrderOperation operation, String detail, Instant now) {
        return store(operation, new OrderOutcome.Rejected(OrderResult.OPERATION_FAILED, detail), now);
    }

    private RecordedOutcome store(OrderOperation operation, OrderOutcome outcome, Instant now) {
        RecordedOutcome recorded = record(outcome);
        Instant keepUntil = now.plus(settings.retention());
        if (!operations.complete(operation.id(), operation.lease().attempt(), recorded, keepUntil)) {
            throw superseded(operation);
        }
        return recorded;
    }

    private RecordedOutcome record(OrderOutcome outcome) {
        return RecordedOutcome.of(outcome, rendering.render(outcome));
    }

    /**
     * A key held by a long operation answers with that operation when asked to respond asynchronously or
     * while the operation runs; otherwise with the stored outcome.
     */
    private static Placement replay(IdempotencyStorePort.Claim.Existing existing, String fingerprint,
            boolean respondAsync) {
        if (!existing.fingerprint().equals(fingerprint)) {
            return new Placement.KeyReused();
        }
        Optional<UUID> operation = existing.operationId();
        if (operation.isPresent() && (respondAsync || existing.outcome().isEmpty())) {
            return new Placement.Accepted(operation.get(),
                    existing.outcome().isPresent() ? OperationStatus.COMPLETED : OperationStatus.IN_PROGRESS, true);
        }
        return existing.outcome().<Placement>map(outcome -> new Placement.Answered(outcome, true))
                .orElseGet(Placement.StillInProgress::new);
    }

    private static LeaseLostException superseded(OrderOperation operation) {
        return new LeaseLostException("operation " + operation.id() + " attempt "
                + operation.lease().attempt() + " no longer holds its lease");
    }

    private OrderOutcome create(TenantId tenant, OrderRequest request, Instant now) {
        long total = request.subtotalMinor();
        if (request.coupon().isPresent()) {
            Optional<Coupon> coupon = Optional.ofNullable(settings.coupons().get(request.coupon().get()))
                    .filter(found -> found.validAt(now));
            if (coupon.isEmpty()) {
                return new OrderOutcome.Rejected(OrderResult.COUPON_INVALID, "the coupon is unknown or expired");
            }
            total = coupon.get().apply(total);
        }
        // At the precision the order is stored with, so the stored answer and GET /orders/{id} show one time.
        Order order = new Order(ids.next(), request.checkoutId(), Order.CREATED, request.currency(),
                request.items(), request.coupon(), total, now.truncatedTo(ChronoUnit.MICROS));
        if (!orders.insert(tenant, order)) {
            return new OrderOutcome.Rejected(OrderResult.CHECKOUT_ALREADY_ORDERED,
                    "this checkout already has an order under another Idempotency-Key");
        }
        orders.appendCreated(order.id(), now);
        return new OrderOutcome.Created(order);
    }
}
