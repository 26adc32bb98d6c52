package io.tambat.application.port.in.order;

import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.order.TenantOrder;
import java.util.Optional;
import java.util.UUID;

/**
 * Operators' look-up of one order or one long operation, whichever tenant it belongs to. Tenants look up their
 * own through {@link PlaceOrderUseCase}, which never shows another tenant's. Each look-up crosses tenants, so
 * each is in the audit trail, found or not. Nothing here shows a client's Idempotency-Key or a request's
 * fingerprint. Throws only {@link io.tambat.domain.error.StoreUnavailableException}.
 */
public interface LookUpOrdersUseCase {

    /** The order with its lines and its tenant (an order and its lines commit together and never change). */
    Optional<TenantOrder> order(Operator operator, UUID orderId);

    /**
     * The operation with its tenant and state: in progress, or completed with its outcome. Found until its
     * idempotency record's retention ends.
     */
    Optional<TenantOperation> operation(Operator operator, UUID operationId);
}
