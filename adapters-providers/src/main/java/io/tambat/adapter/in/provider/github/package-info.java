/**
 * GitHub: the {@code X-Hub-Signature-256} header over the raw body, with the delivery GUID and event type in
 * headers and the payload as JSON or as the {@code payload} field of a form; every event is recorded as a
 * notification about the account its signed body names.
 */
package io.tambat.adapter.in.provider.github;
