/**
 * Shopify: the {@code X-Shopify-Hmac-Sha256} header, a base64 HMAC-SHA256 of the raw body, with the event id and
 * topic in headers; order topics are recorded as the versioned payment state of their order.
 */
package io.tambat.adapter.in.provider.shopify;
