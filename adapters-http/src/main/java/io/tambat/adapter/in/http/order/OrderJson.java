package io.tambat.adapter.in.http.order;

import io.tambat.adapter.in.http.JsonProviders;
import io.tambat.adapter.in.http.problem.Problems;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.port.out.OrderRenderingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.util.Optional;

/** The wire form of orders and of stored rejections; what is rendered once is what every replay returns. */
@ApplicationScoped
public class OrderJson implements OrderRenderingPort {

    @Override
    public StoredOutcome created(Order order) {
        return new StoredOutcome(201, body(order), Optional.of(order.id().toString()));
    }

    @Override
    public StoredOutcome rejected(int status, String code, String detail) {
        return new StoredOutcome(status, Problems.body(status, code, detail), Optional.empty());
    }

    static String body(Order order) {
        JsonArrayBuilder items = JsonProviders.PROVIDER.createArrayBuilder();
        order.items().forEach(line -> items.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("sku", line.sku())
                .add("quantity", line.quantity())
                .add("unit_price_minor", line.unitPriceMinor())));
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder().add("id", order.id().toString());
        order.checkoutId().ifPresentOrElse(id -> json.add("checkout_id", id), () -> json.addNull("checkout_id"));
        json.add("status", order.status()).add("currency", order.currency()).add("items", items);
        order.coupon().ifPresentOrElse(code -> json.add("coupon", code), () -> json.addNull("coupon"));
        return json.add("total_minor", order.totalMinor()).add("created_at", order.createdAt().toString())
                .build().toString();
    }
}
