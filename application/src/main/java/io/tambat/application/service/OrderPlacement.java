package io.tambat.application.service;

import io.tambat.application.port.in.PlaceOrderUseCase;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.IdempotencyKeyReusedException;
import io.tambat.domain.model.order.Coupon;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.IdempotencyStorePort;
import io.tambat.domain.port.out.OrderRenderingPort;
import io.tambat.domain.port.out.OrderStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The one transaction of order creation: claim the key, then, as its owner, create the order (or store a
 * deterministic rejection), append OrderCreated to the outbox and store the answer on the record. A loser of
 * the claim waits for the owner's commit inside the claim and replays its answer; any failure rolls all of
 * it back, leaving the key free.
 */
@ApplicationScoped
public class OrderPlacement {

    @Inject
    IdempotencyStorePort idempotency;

    @Inject
    OrderStorePort orders;

    @Inject
    OrderRenderingPort rendering;

    @Inject
    OrderSettings settings;

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public PlaceOrderUseCase.Placed claimAndPlace(TenantId tenant, IdempotencyKey key, OrderRequest request,
            String fingerprint, Instant now) {
        IdempotencyStorePort.Claim claim = idempotency.claim(tenant, PlaceOrderUseCase.ENDPOINT, key, fingerprint,
                now, now.plus(settings.retention()), settings.claimWait());
        if (claim instanceof IdempotencyStorePort.Claim.Existing existing) {
            if (!existing.fingerprint().equals(fingerprint)) {
                throw new IdempotencyKeyReusedException();
            }
            return new PlaceOrderUseCase.Placed(existing.outcome().orElseThrow(IdempotencyInProgressException::new),
                    true);
        }
        StoredOutcome outcome = create(tenant, request, now);
        idempotency.complete(tenant, PlaceOrderUseCase.ENDPOINT, key, outcome);
        return new PlaceOrderUseCase.Placed(outcome, false);
    }

    private StoredOutcome create(TenantId tenant, OrderRequest request, Instant now) {
        long total = request.subtotalMinor();
        if (request.coupon().isPresent()) {
            Optional<Coupon> coupon = Optional.ofNullable(settings.coupons().get(request.coupon().get()))
                    .filter(found -> found.validAt(now));
            if (coupon.isEmpty()) {
                return rendering.rejected(422, "coupon_invalid", "the coupon is unknown or expired");
            }
            total = coupon.get().apply(total);
        }
        Order order = new Order(UUID.randomUUID(), request.checkoutId(), Order.CREATED, request.currency(),
                request.items(), request.coupon(), total, now);
        if (!orders.insert(tenant, order)) {
            return rendering.rejected(409, "checkout_already_ordered",
                    "this checkout already has an order under another Idempotency-Key");
        }
        orders.appendCreated(order.id(), now);
        return rendering.created(order);
    }
}
