package io.tambat.domain.model.webhook;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The committed outcome of one delivery. For a batch it lists the inbox row of every item; the status is
 * {@link ReceiptStatus#DUPLICATE} only when every item was already stored.
 */
public record WebhookReceipt(ReceiptStatus status, List<UUID> inboxIds) {

    public WebhookReceipt {
        Objects.requireNonNull(status);
        inboxIds = List.copyOf(inboxIds);
    }

    public static WebhookReceipt ignored() {
        return new WebhookReceipt(ReceiptStatus.IGNORED, List.of());
    }
}
