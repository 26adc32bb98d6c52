package io.tambat.application.order;

import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.port.out.order.InventoryPort;
import io.tambat.domain.port.out.order.PaymentsPort;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.UUID;

/**
 * Payments and inventory as the delivery worker calls them: both write into one call log, so a test sees the
 * order of the calls and the key each carried, and each answers with the failures a test scripted first.
 */
final class FakeDownstream {

    /** One request to a downstream service. */
    record Call(String service, UUID orderId, String idempotencyKey, String what) {
    }

    final List<Call> calls = new ArrayList<>();
    final Payments payments = new Payments();
    final Inventory inventory = new Inventory();

    List<Call> callsTo(String service) {
        return calls.stream().filter(call -> call.service().equals(service)).toList();
    }

    /** What both services share: whether they are configured, and the failures to answer with first. */
    abstract class Service {
        private final Deque<RuntimeException> failures = new ArrayDeque<>();
        private boolean configured = true;

        void unconfigure() {
            configured = false;
        }

        void failNextWith(RuntimeException... next) {
            failures.addAll(List.of(next));
        }

        public boolean configured() {
            return configured;
        }

        void answer(Call call) {
            calls.add(call);
            if (!failures.isEmpty()) {
                throw failures.poll();
            }
        }
    }

    final class Payments extends Service implements PaymentsPort {
        @Override
        public void charge(UUID orderId, long amountMinor, String currency, String idempotencyKey) {
            answer(new Call("payments", orderId, idempotencyKey, amountMinor + " " + currency));
        }
    }

    final class Inventory extends Service implements InventoryPort {
        @Override
        public void reserve(UUID orderId, List<OrderLine> items, String idempotencyKey) {
            answer(new Call("inventory", orderId, idempotencyKey, items.stream()
                    .map(line -> line.quantity() + " x " + line.sku()).toList().toString()));
        }
    }
}
