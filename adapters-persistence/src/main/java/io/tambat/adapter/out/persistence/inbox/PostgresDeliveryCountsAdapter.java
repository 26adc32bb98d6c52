package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.webhook.DeliveryCount;
import io.tambat.domain.port.out.webhook.DeliveryCountsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/** Delivery counts in {@code webhook_delivery_count}: one row per minute, provider and outcome. */
@ApplicationScoped
class PostgresDeliveryCountsAdapter implements DeliveryCountsPort {

    private static final NumberedStatement ADD = NumberedStatement.of("""
            INSERT INTO webhook_delivery_count (minute, provider, outcome, deliveries) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (minute, provider, outcome)
            DO UPDATE SET deliveries = webhook_delivery_count.deliveries + EXCLUDED.deliveries""");

    private static final NumberedStatement SINCE = NumberedStatement.of("""
            SELECT minute, provider, outcome, deliveries FROM webhook_delivery_count WHERE minute >= ?1
            ORDER BY minute, provider, outcome""");

    private static final NumberedStatement FORGET = NumberedStatement.of(
            "DELETE FROM webhook_delivery_count WHERE minute < ?1");

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void add(List<DeliveryCount> counts) {
        StorageCalls.call("delivery counts", () -> {
            for (DeliveryCount count : counts) {
                EnlistedConnection.update(em, ADD, Timestamp.from(count.minute()), count.provider(), count.outcome(),
                        count.deliveries());
            }
            return counts.size();
        });
    }

    @Override
    public List<DeliveryCount> since(Instant from) {
        return StorageCalls.call("delivery counts", () -> EnlistedConnection.query(em, SINCE,
                row -> new DeliveryCount(row.getTimestamp(1).toInstant(), row.getString(2), row.getString(3),
                        row.getLong(4)), Timestamp.from(from)));
    }

    @Override
    public int forgetBefore(Instant cutoff) {
        return StorageCalls.call("delivery counts", () -> EnlistedConnection.update(em, FORGET,
                Timestamp.from(cutoff)));
    }
}
