package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.OrderOutcome;

/**
 * Renders a final outcome in the wire form its client receives, which is then recorded and replayed, so a
 * replay is the first answer byte for byte. Implemented at the edge, which owns the representation; called
 * inside the transaction that records it.
 */
public interface OrderRenderingPort {

    String render(OrderOutcome outcome);
}
