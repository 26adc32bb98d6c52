/**
 * Paddle Billing: the {@code Paddle-Signature} header ({@code ts=<unix>;h1=<hex>}) over {@code {ts}:{raw body}},
 * with the event id and type in the body; transactions, subscriptions and adjustments are recorded as the
 * versioned state of their entity.
 */
package io.tambat.adapter.in.provider.paddle;
