package io.tambat.domain.model.order;

import java.util.Objects;

/** The final outcome of an order request (see {@link OrderResult}): the order, or why there is none. */
public sealed interface OrderOutcome {

    OrderResult result();

    record Created(Order order) implements OrderOutcome {

        public Created {
            Objects.requireNonNull(order);
        }

        @Override
        public OrderResult result() {
            return OrderResult.CREATED;
        }
    }

    /** @param detail why, in words for the client; never request content */
    record Rejected(OrderResult reason, String detail) implements OrderOutcome {

        public Rejected {
            Objects.requireNonNull(detail);
            if (reason == OrderResult.CREATED) {
                throw new IllegalArgumentException("a rejection needs a reason other than CREATED");
            }
        }

        @Override
        public OrderResult result() {
            return reason;
        }
    }
}
