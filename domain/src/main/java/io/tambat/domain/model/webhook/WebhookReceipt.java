package io.tambat.domain.model.webhook;

import io.tambat.provider.spi.ProviderReply;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The committed outcome of one delivery. For a batch it lists the inbox row of every item; the status is
 * {@link ReceiptStatus#DUPLICATE} only when every item was already stored.
 *
 * @param reply the body the provider's protocol wants instead of Tambat's receipt, when it wants one
 */
public record WebhookReceipt(ReceiptStatus status, List<UUID> inboxIds, Optional<ProviderReply> reply) {

    public WebhookReceipt {
        Objects.requireNonNull(status);
        Objects.requireNonNull(reply);
        inboxIds = List.copyOf(inboxIds);
    }

    public WebhookReceipt(ReceiptStatus status, List<UUID> inboxIds) {
        this(status, inboxIds, Optional.empty());
    }

    public static WebhookReceipt ignored() {
        return new WebhookReceipt(ReceiptStatus.IGNORED, List.of());
    }

    /** A protocol step answered without storing anything. */
    public static WebhookReceipt answered(ProviderReply reply) {
        return new WebhookReceipt(ReceiptStatus.ANSWERED, List.of(), Optional.of(reply));
    }

    /** The same outcome, answered with the provider's own acknowledgement body. */
    public WebhookReceipt repliedWith(ProviderReply providerReply) {
        return new WebhookReceipt(status, inboxIds, Optional.of(providerReply));
    }
}
