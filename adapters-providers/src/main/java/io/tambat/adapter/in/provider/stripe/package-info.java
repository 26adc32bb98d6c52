/**
 * Stripe: the {@code Stripe-Signature} header ({@code t=...,v1=...}) and the event object in the body, whose
 * {@code id} is the logical event id.
 */
package io.tambat.adapter.in.provider.stripe;
