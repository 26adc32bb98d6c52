package io.tambat.application.order;

import io.tambat.application.testing.InMemoryLeases;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.port.out.order.OrderDeliveryPort;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

/** The order outbox in memory, leased by {@link InMemoryLeases}' rules, every write fenced by its attempt. */
final class InMemoryOrderDeliveries implements OrderDeliveryPort {

    enum Status {
        PENDING,
        DELIVERED,
        FAILED
    }

    /** A notification as an operator would see it, with its lease. */
    record Row(UUID orderId, Status status, boolean charged, boolean reserved, Optional<String> lastError,
            int attempts, Instant nextAttemptAt, Optional<Instant> leaseUntil) {
    }

    private final Map<Long, Stored> rows = new LinkedHashMap<>();
    private final InMemoryLeases<Long> leases = new InMemoryLeases<>();
    private long lastId;

    /** Appends an OrderCreated notification, due now, as placing the order does. */
    long add(UUID orderId, long totalMinor, String currency, List<OrderLine> items, Instant now) {
        lastId++;
        rows.put(lastId, new Stored(orderId, Status.PENDING, false, false, totalMinor, currency, List.copyOf(items),
                Optional.empty(), now, Optional.empty()));
        leases.add(lastId, now);
        return lastId;
    }

    Row row(long outboxId) {
        Stored stored = rows.get(outboxId);
        return new Row(stored.orderId(), stored.status(), stored.charged(), stored.reserved(), stored.lastError(),
                leases.attempts(outboxId), leases.nextAttemptAt(outboxId), leases.leaseUntil(outboxId));
    }

    @Override
    public List<OrderDelivery> leaseDue(int max, Instant now, Instant leaseUntil) {
        return leases.leaseDue(max, now, leaseUntil).stream().map(leased -> {
            Stored stored = rows.get(leased.key());
            return new OrderDelivery(leased.key(), stored.orderId(), leased.lease(), stored.charged(),
                    stored.reserved(), stored.totalMinor(), stored.currency(), stored.items());
        }).toList();
    }

    @Override
    public boolean markCharged(long outboxId, int attempt, Instant now) {
        return write(outboxId, attempt, stored -> stored.with(true, stored.reserved()));
    }

    @Override
    public boolean markReserved(long outboxId, int attempt, Instant now) {
        return write(outboxId, attempt, stored -> stored.with(stored.charged(), true));
    }

    @Override
    public boolean markDelivered(long outboxId, int attempt, Instant now) {
        if (!write(outboxId, attempt, stored -> stored.ended(Status.DELIVERED, stored.lastError(), now))) {
            return false;
        }
        leases.finish(outboxId);
        return true;
    }

    @Override
    public boolean retryLater(long outboxId, int attempt, Instant nextAttemptAt, String redactedError) {
        if (!write(outboxId, attempt, stored -> stored.ended(Status.PENDING, Optional.of(redactedError), null))) {
            return false;
        }
        leases.retryAt(outboxId, nextAttemptAt);
        return true;
    }

    @Override
    public boolean fail(long outboxId, int attempt, String redactedError, Instant now) {
        if (!write(outboxId, attempt, stored -> stored.ended(Status.FAILED, Optional.of(redactedError), now))) {
            return false;
        }
        leases.finish(outboxId);
        return true;
    }

    @Override
    public List<FailedOrderDelivery> failed(int limit) {
        return rows.entrySet().stream()
                .filter(entry -> entry.getValue().status() == Status.FAILED)
                .sorted(Comparator.comparing(
                        (Map.Entry<Long, Stored> entry) -> entry.getValue().endedAt().orElseThrow()).reversed())
                .limit(limit)
                .map(entry -> {
                    Stored stored = entry.getValue();
                    return new FailedOrderDelivery(entry.getKey(), stored.orderId(), leases.attempts(entry.getKey()),
                            stored.charged(), stored.reserved(), stored.lastError().orElseThrow(), stored.createdAt(),
                            stored.endedAt().orElseThrow());
                })
                .toList();
    }

    @Override
    public boolean redrive(long outboxId, Instant now) {
        Stored stored = rows.get(outboxId);
        if (stored == null || stored.status() != Status.FAILED) {
            return false;
        }
        rows.put(outboxId, stored.ended(Status.PENDING, stored.lastError(), null));
        leases.reopen(outboxId, now);
        return true;
    }

    private boolean write(long outboxId, int attempt, UnaryOperator<Stored> change) {
        if (!leases.holds(outboxId, attempt)) {
            return false;
        }
        rows.put(outboxId, change.apply(rows.get(outboxId)));
        return true;
    }

    private record Stored(UUID orderId, Status status, boolean charged, boolean reserved, long totalMinor,
            String currency, List<OrderLine> items, Optional<String> lastError, Instant createdAt,
            Optional<Instant> endedAt) {

        Stored with(boolean nowCharged, boolean nowReserved) {
            return new Stored(orderId, status, nowCharged, nowReserved, totalMinor, currency, items, lastError,
                    createdAt, endedAt);
        }

        Stored ended(Status newStatus, Optional<String> reason, Instant at) {
            return new Stored(orderId, newStatus, charged, reserved, totalMinor, currency, items, reason, createdAt,
                    Optional.ofNullable(at));
        }
    }
}
