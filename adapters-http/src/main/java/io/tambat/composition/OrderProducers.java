package io.tambat.composition;

import static io.tambat.composition.Setting.DOWNSTREAM_TIMEOUT;
import static io.tambat.composition.Setting.IDEMPOTENCY_RETENTION;
import static io.tambat.composition.Setting.IDEMPOTENCY_REUSE_STATUS;
import static io.tambat.composition.Setting.IDEMPOTENCY_WAIT;
import static io.tambat.composition.Setting.INVENTORY_URL;
import static io.tambat.composition.Setting.ORDERS_COUPONS;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_COMMITTERS;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_MAX_WAIT;
import static io.tambat.composition.Setting.ORDERS_GROUP_COMMIT_MAX_WEIGHT;
import static io.tambat.composition.Setting.ORDERS_MAX_BODY_BYTES;
import static io.tambat.composition.Setting.PAYMENTS_URL;

import io.tambat.adapter.in.http.order.OrdersResource;
import io.tambat.adapter.out.downstream.DownstreamSettings;
import io.tambat.application.order.OrderSettings;
import io.tambat.domain.model.order.Coupon;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;

/**
 * What placing and delivering orders is built with, read and checked once: {@link OrderSettings} (idempotency,
 * coupons and the orders' group commit), the {@link OrdersResource.Settings} of {@code POST /orders}, and the
 * {@link DownstreamSettings}: where payments and inventory are, which the orders' notifications call.
 */
@ApplicationScoped
public class OrderProducers {

    @Inject
    Config config;

    @Inject
    SettingsReader reader;

    /** Coupons: {@code <CODE>:<percent off>:<expiry instant>[,...]}; the instant may itself contain colons. */
    @Produces
    @Singleton
    OrderSettings orderSettings() {
        String key = ORDERS_COUPONS.key();
        Map<String, Coupon> coupons = new HashMap<>();
        for (String entry : config.getOptionalValue(key, String[].class).orElse(new String[0])) {
            String[] parts = entry.trim().split(":", 3);
            try {
                Coupon coupon = new Coupon(parts[0], Integer.parseInt(parts[1]), Instant.parse(parts[2]));
                if (coupons.put(coupon.code(), coupon) != null) {
                    throw new ConfigurationException(key, "coupon " + coupon.code() + " appears twice");
                }
            } catch (ArrayIndexOutOfBoundsException | DateTimeParseException | IllegalArgumentException e) {
                throw new ConfigurationException(key, "each entry must be CODE:percent:ISO-8601 instant, "
                        + "percent 1-100");
            }
        }
        return new OrderSettings(reader.duration(IDEMPOTENCY_RETENTION.key(), "PT24H"),
                reader.duration(IDEMPOTENCY_WAIT.key(), "PT3S"), coupons, reader.groupCommit(
                        ORDERS_GROUP_COMMIT_MAX_WEIGHT, ORDERS_GROUP_COMMIT_COMMITTERS, ORDERS_GROUP_COMMIT_MAX_WAIT,
                        32));
    }

    /**
     * The status a reused idempotency key is answered with, and the largest {@code POST /orders} body read;
     * converted as MicroProfile Config converts any {@code int} and {@code long}, and read at start by
     * {@link StartupValidation}.
     */
    @Produces
    @Singleton
    OrdersResource.Settings ordersResourceSettings() {
        return new OrdersResource.Settings(
                config.getOptionalValue(IDEMPOTENCY_REUSE_STATUS.key(), Integer.class).orElse(409),
                config.getOptionalValue(ORDERS_MAX_BODY_BYTES.key(), Long.class).orElse(262_144L));
    }

    @Produces
    @Singleton
    DownstreamSettings downstreamSettings() {
        return new DownstreamSettings(reader.url(PAYMENTS_URL.key()), reader.url(INVENTORY_URL.key()),
                reader.duration(DOWNSTREAM_TIMEOUT.key(), "PT5S"));
    }
}
