package io.tambat.application.order;

import io.tambat.application.port.in.order.PlaceOrderUseCase;
import io.tambat.application.transaction.GroupCommit;
import io.tambat.application.work.BackgroundYield;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.OrderMetricsPort;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import io.tambat.domain.port.out.order.OrderStorePort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionalException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * Fingerprints outside the transaction, then places the order in one (or, for a long operation, commits
 * the claim in one), shared with the placements that arrive at the same time. Whatever fails inside is rolled
 * back, so the key stays free. Only a store that could not answer, or a commit whose outcome is unknown, is
 * reported as storage unavailable (retry with the same key); anything else is a defect that retrying cannot
 * cure, and is left to surface as such.
 *
 * <p>A placement whose key another request is still writing waits for that request's outcome, but never inside
 * a shared transaction, where every other placement of the group, other tenants' among them, would wait with
 * it: it leaves the group, which commits without it, and waits alone on its own thread.
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

    @Inject
    BackgroundYield backgroundYield;

    /** Each placement, or none for one that waits for its key alone. */
    private GroupCommit<PlacementRequest, Optional<Placement>> placements;

    /** Placements that arrive together share one transaction; each is answered after that commit. */
    @PostConstruct
    void start() {
        placements = new GroupCommit<>(settings.groupCommit(), request -> 1, this::placeTogether,
                request -> placeTogether(List.of(request)).get(0));
    }

    /**
     * Places a group in one transaction; a request whose key another transaction is writing is left out (empty)
     * and the others are placed again without it.
     */
    List<Optional<Placement>> placeTogether(List<PlacementRequest> group) {
        List<Optional<Placement>> placed = new ArrayList<>(Collections.nCopies(group.size(), Optional.empty()));
        List<Integer> left = new ArrayList<>(IntStream.range(0, group.size()).boxed().toList());
        while (!left.isEmpty()) {
            try {
                List<Placement> done = placement.claimAndPlaceAll(left.stream().map(group::get).toList(),
                        clock.instant());
                for (int i = 0; i < left.size(); i++) {
                    placed.set(left.get(i), Optional.of(done.get(i)));
                }
                return placed;
            } catch (OrderPlacement.KeyBusy busy) {
                left.remove(busy.index());
            }
        }
        return placed;
    }

    @Override
    public Placement place(TenantId tenant, IdempotencyKey key, OrderRequest request, boolean respondAsync) {
        PlacementRequest placement = new PlacementRequest(tenant, key, request, request.fingerprint(API_VERSION),
                respondAsync);
        try {
            return together(placement).orElseGet(() -> this.placement.claimAndPlace(placement, clock.instant()));
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

    /**
     * The placement in a group commit, timed for the background work that yields while placements are slow; not
     * one that waits alone for another request's key, whose wait says nothing of how pressed the server is.
     */
    private Optional<Placement> together(PlacementRequest placement) {
        try (BackgroundYield.Acknowledging timed = backgroundYield.acknowledging()) {
            return placements.submit(placement);
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
