package io.tambat.adapter.out.downstream;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.domain.port.out.order.PaymentsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;

/** {@code POST {tambat.payments.url}/charges} with {@code Idempotency-Key: order-<id>-charge}. */
@ApplicationScoped
public class HttpPaymentsClient implements PaymentsPort {

    @Inject
    DownstreamSettings settings;

    @Inject
    DownstreamCall call;

    @Override
    public boolean configured() {
        return settings.payments().isPresent();
    }

    @Override
    public void charge(UUID orderId, long amountMinor, String currency, String idempotencyKey) {
        String body = JsonProviders.PROVIDER.createObjectBuilder().add("order_id", orderId.toString())
                .add("amount_minor", amountMinor).add("currency", currency).build().toString();
        call.post("payments", Endpoints.resolve(settings.payments().orElseThrow(), "charges"), idempotencyKey, body);
    }
}
