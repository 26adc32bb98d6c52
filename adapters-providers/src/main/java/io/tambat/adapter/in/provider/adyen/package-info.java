/**
 * Adyen: standard notifications whose HMAC sits inside the body, one per {@code NotificationRequestItem}; a batch
 * is accepted or refused whole, each item stored as its own event, and answered {@code [accepted]}.
 */
package io.tambat.adapter.in.provider.adyen;
