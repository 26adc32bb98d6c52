/**
 * Twilio: the {@code X-Twilio-Signature} header, HMAC-SHA1 over the endpoint's configured public URL followed by
 * the sorted form parameters (or, for a JSON body, over a URL carrying the body's SHA-256), with the
 * idempotency token or the message or call SID and status as the logical id; every form event is recorded as a
 * notification about the account it names.
 */
package io.tambat.adapter.in.provider.twilio;
