package io.tambat.domain.port.out.work;

import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.order.OrderDelivery;
import java.util.Optional;

/**
 * Distributed tracing of the work that runs after an acknowledgement. Trace contexts are opaque strings here
 * (W3C {@code traceparent}); no span ever carries a secret, a signature or payload content, only identities
 * and outcomes. When tracing is off every method is close to free: nothing is built for a span that does not
 * record.
 */
public interface TracingPort {

    /**
     * The calling thread's current span context, to be stored with what that span accepted. Empty when there
     * is no valid one (tracing off, or no span current). Never blocks.
     */
    Optional<String> currentContext();

    /**
     * Starts the span of one attempt at one leased event and makes it current on the calling thread until
     * closed, so remote calls made meanwhile (a provider API fetch) carry it. The span is linked to the context
     * stored when the event was accepted, if any. Close it on the thread that started it.
     */
    TracedWork processing(LeasedInboxEvent event);

    /**
     * Starts the span of one attempt at delivering one order to payments and inventory, current on the calling
     * thread until closed, so both downstream calls carry its context.
     */
    TracedWork delivery(OrderDelivery delivery);

    /** The span of started work: closing it ends the span and restores the one that was current before. */
    interface TracedWork extends AutoCloseable {

        @Override
        void close();
    }
}
