/**
 * GitHub: the {@code X-Hub-Signature-256} header over the raw body, with the delivery GUID and event type in
 * headers and the payload as JSON or as the {@code payload} field of a form.
 */
package io.tambat.adapter.in.provider.github;
