/**
 * Stripe: the {@code Stripe-Signature} header ({@code t=...,v1=...}) and the event object in the body, whose
 * {@code id} is the logical event id; and how each event type maps to a tracked object whose current state
 * processing then fetches from Stripe's API.
 */
package io.tambat.adapter.in.provider.stripe;
