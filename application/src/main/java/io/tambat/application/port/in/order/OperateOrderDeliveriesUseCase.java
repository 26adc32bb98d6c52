package io.tambat.application.port.in.order;

import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.order.FailedOrderDelivery;
import java.util.List;

/** Operators' view of OrderCreated notifications that ended FAILED, and their redrive. */
public interface OperateOrderDeliveriesUseCase {

    int MAX_LIST_LIMIT = 500;

    /** FAILED notifications, newest first; {@code limit} is 1 to {@link #MAX_LIST_LIMIT}. */
    List<FailedOrderDelivery> failed(int limit);

    /**
     * Puts a FAILED notification back to work, due now. The steps already done stay done, and every retry
     * carries the keys derived from its order, so payments and inventory never apply anything twice. Audited.
     *
     * @return false when no FAILED notification has this id
     */
    boolean redrive(Operator operator, long outboxId);
}
