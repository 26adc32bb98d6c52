package io.tambat.sender.signing;

/**
 * One {@code NotificationRequestItem} of an Adyen notification, as far as the sender writes it. The first eight
 * fields are the signed ones; any of them may be {@code null} where Adyen leaves it out (an
 * {@code originalReference} outside refunds and captures, typically), which Adyen signs as an empty string.
 *
 * @param eventDate ISO-8601 date-time of the event; not signed
 */
public record AdyenNotificationItem(
        String pspReference,
        String originalReference,
        String merchantAccountCode,
        String merchantReference,
        Long amountValue,
        String amountCurrency,
        String eventCode,
        boolean success,
        String eventDate) {
}
