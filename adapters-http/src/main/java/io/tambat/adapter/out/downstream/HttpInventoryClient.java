package io.tambat.adapter.out.downstream;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.port.out.order.InventoryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import java.util.List;
import java.util.UUID;

/** {@code POST {tambat.inventory.url}/reservations} with {@code Idempotency-Key: order-<id>-reserve}. */
@ApplicationScoped
public class HttpInventoryClient implements InventoryPort {

    @Inject
    DownstreamSettings settings;

    @Inject
    DownstreamCall call;

    @Override
    public boolean configured() {
        return settings.inventory().isPresent();
    }

    @Override
    public void reserve(UUID orderId, List<OrderLine> items, String idempotencyKey) {
        JsonArrayBuilder lines = JsonProviders.PROVIDER.createArrayBuilder();
        items.forEach(line -> lines.add(JsonProviders.PROVIDER.createObjectBuilder().add("sku", line.sku())
                .add("quantity", line.quantity())));
        String body = JsonProviders.PROVIDER.createObjectBuilder().add("order_id", orderId.toString())
                .add("items", lines).build().toString();
        call.post("inventory", Endpoints.resolve(settings.inventory().orElseThrow(), "reservations"), idempotencyKey,
                body);
    }
}
