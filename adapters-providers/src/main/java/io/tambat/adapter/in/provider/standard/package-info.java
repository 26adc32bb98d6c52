/**
 * Standard Webhooks (and Svix, which sends the same scheme under {@code svix-*} header names): the id and
 * timestamp headers, the {@code v1} HMAC and {@code v1a} Ed25519 signatures, and their secret formats; and the
 * interpreter that finds the object, its state and version at JSON Pointers configured per endpoint.
 */
package io.tambat.adapter.in.provider.standard;
