package io.tambat.application.order;

import io.tambat.application.port.in.PlaceOrderUseCase;
import io.tambat.application.transaction.GroupCommit;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.OrderMetricsPort;
import io.tambat.domain.port.out.OrderOperationsPort;
import io.tambat.domain.port.out.OrderStorePort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionalException;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * Fingerprints outside the transaction, then places the order in one (or, for a long operation, commits
 * the claim in one), shared with the placements that arrive at the same time. Whatever fails inside is rolled
 * back, so the key stays free. Only a store that could not answer, or a commit whose outcome is unknown, is
 * reported as storage unavailable (retry with the same key); anything else is a defect that retrying cannot
 * cure, and is left to surface as such.
 */
@ApplicationScoped
public class PlaceOrderService implements PlaceOrderUseCase {

    /** Part of every fingerprint: a new API version never replays an answer shaped by an older one. */
    static final String API_VERSION = "2026-11-01";

    @Inject
    OrderPlacement placement;

    @Inject
    OrderStorePort orders;

    @Inject
    OrderOperationsPort operations;

    @Inject
    OrderMetricsPort metrics;

    @Inject
    OrderSettings settings;

    @Inject
    Clock clock;

    private GroupCommit<PlacementRequest, Placement> placements;

    /** Placements that arrive together share one transaction; each is answered after that commit. */
    @PostConstruct
    void start() {
        placements = new GroupCommit<>(settings.groupCommit(), request -> 1,
                group -> placement.claimAndPlaceAll(group, clock.instant()),
                request -> placement.claimAndPlace(request, clock.instant()));
    }

    @Override
    public Placement place(TenantId tenant, IdempotencyKey key, OrderRequest request, boolean respondAsync) {
        PlacementRequest placement = new PlacementRequest(tenant, key, request, request.fingerprint(API_VERSION),
                respondAsync);
        try {
            return placements.submit(placement);
        } catch (IdempotencyInProgressException e) {
            return new Placement.StillInProgress();
        } catch (StoreUnavailableException e) {
            metrics.placementRolledBack();
            throw e;
        } catch (TransactionalException e) {
            metrics.placementRolledBack();
            throw new StoreUnavailableException("order placement commit failed: " + e.getClass().getName(), e);
        }
    }

    @Override
    public Optional<Order> find(TenantId tenant, UUID orderId) {
        return orders.find(tenant, orderId);
    }

    @Override
    public Optional<OperationState> operation(TenantId tenant, UUID operationId) {
        return operations.find(tenant, operationId);
    }
}
