/**
 * GitLab: the plaintext {@code X-Gitlab-Token} compared with every trusted version, the {@code Idempotency-Key}
 * and event type in headers; every event is recorded as a notification about the project its body names.
 */
package io.tambat.adapter.in.provider.gitlab;
