package io.tambat.adapter.in.provider.adyen;

import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The items of an Adyen notification body, {@code {"live":..,"notificationItems":[{"NotificationRequestItem":
 * {..}},..]}}. Read twice with different rejections: before verification a body without items has no signature
 * to check, after it an item without its fields is a malformed envelope.
 */
final class AdyenNotification {

    private AdyenNotification() {
    }

    /**
     * Every item, in the body's order.
     *
     * @param refusal the rejection for a body that is not a notification, given the detail
     */
    static List<AdyenNotificationItem> items(byte[] body, Function<String, WebhookRejectedException> refusal) {
        JsonObject notification;
        try {
            notification = JsonBodies.parseObject(body);
        } catch (WebhookRejectedException e) {
            throw refusal.apply("body is not a JSON object");
        }
        JsonValue items = notification.get("notificationItems");
        if (!(items instanceof JsonArray array) || array.isEmpty()) {
            throw refusal.apply("notificationItems is missing or empty");
        }
        List<AdyenNotificationItem> read = new ArrayList<>(array.size());
        for (JsonValue element : array) {
            if (!(element instanceof JsonObject wrapper)
                    || !(wrapper.get("NotificationRequestItem") instanceof JsonObject item)) {
                throw refusal.apply("an element of notificationItems holds no NotificationRequestItem object");
            }
            read.add(new AdyenNotificationItem(item));
        }
        return read;
    }
}
