/**
 * Building blocks shared by the provider adapters: HMAC, constant-time comparison, the signed-message
 * builder, Ed25519 public-key verification, the bound on how many signatures one header may offer, strict
 * parsing of unix-second timestamps and single-valued headers, the content-type matcher, JSON and form
 * readers over raw bytes, and the rejections they raise;
 * {@code StoredPayloads} lets event interpreters use the same readers on a stored payload, failing as
 * processing expects instead of rejecting.
 *
 * <p>Every helper works on bytes: a body only becomes characters when a verified body is parsed as JSON.
 * Exception messages name what was wrong (a header, a field), never a secret, a signature or body content.
 */
package io.tambat.adapter.in.provider.support;
