package io.tambat.domain.port.out;

import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.StoredOutcome;

/**
 * Renders outcomes in the wire form that is stored and replayed, so a replay is the first answer byte for
 * byte. Implemented at the HTTP edge, which owns the representation.
 */
public interface OrderRenderingPort {

    /** 201 with the order. */
    StoredOutcome created(Order order);

    /** A deterministic rejection as a problem body with the contract's code. */
    StoredOutcome rejected(int status, String code, String detail);
}
