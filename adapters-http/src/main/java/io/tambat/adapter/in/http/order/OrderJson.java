package io.tambat.adapter.in.http.order;

import io.tambat.adapter.in.http.problem.ProblemCode;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderOutcome;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.port.out.order.OrderRenderingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.util.Optional;

/**
 * The wire form of orders and of final outcomes: the order, or a problem with the contract's code. What is
 * rendered once is recorded, and every replay returns it.
 */
@ApplicationScoped
public class OrderJson implements OrderRenderingPort {

    @Override
    public String render(OrderOutcome outcome) {
        if (outcome instanceof OrderOutcome.Created created) {
            return body(created.order());
        }
        ProblemCode code = problem(outcome.result());
        return Problems.body(code.status(), code.code(), ((OrderOutcome.Rejected) outcome).detail());
    }

    /** The HTTP status a final outcome is answered with, first and on every replay. */
    public static int status(OrderResult result) {
        return result == OrderResult.CREATED ? 201 : problem(result).status();
    }

    /** The problem a final outcome is answered with; none for an order created. */
    public static Optional<ProblemCode> problemOf(OrderResult result) {
        return result == OrderResult.CREATED ? Optional.empty() : Optional.of(problem(result));
    }

    private static ProblemCode problem(OrderResult rejection) {
        return switch (rejection) {
            case COUPON_INVALID -> ProblemCode.COUPON_INVALID;
            case CHECKOUT_ALREADY_ORDERED -> ProblemCode.CHECKOUT_ALREADY_ORDERED;
            case OPERATION_FAILED -> ProblemCode.OPERATION_FAILED;
            case CREATED -> throw new IllegalArgumentException("an order created is no problem");
        };
    }

    static String body(Order order) {
        return json(order).build().toString();
    }

    /** The order as its tenant sees it, for callers that add to it. */
    public static JsonObjectBuilder json(Order order) {
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        order.items().forEach(line -> items.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("sku", line.sku())
                .add("quantity", line.quantity())
                .add("unit_price_minor", line.unitPriceMinor())));
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder().add("id", order.id().toString());
        order.checkoutId().ifPresentOrElse(id -> json.add("checkout_id", id), () -> json.addNull("checkout_id"));
        json.add("status", order.status()).add("currency", order.currency()).add("items", items);
        order.coupon().ifPresentOrElse(code -> json.add("coupon", code), () -> json.addNull("coupon"));
        return json.add("total_minor", order.totalMinor()).add("created_at", order.createdAt().toString());
    }
}
