/**
 * Slack: the {@code X-Slack-Signature} header, {@code v0=} and a hex HMAC-SHA256 of
 * {@code v0:{timestamp}:{raw body}}, over Events API JSON and form-encoded slash commands and interactivity; the
 * URL verification challenge is answered without storing anything, and events are recorded as notifications of
 * the workspace.
 */
package io.tambat.adapter.in.provider.slack;
