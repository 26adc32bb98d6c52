/**
 * Building blocks shared by the provider adapters, one sub-package per concern:
 *
 * <ul>
 *   <li>{@code crypto}: the signature and its keys: HMAC, Ed25519, constant-time comparison, the signed
 *       message, decoding signature and key text, and the bound on how many signatures one header offers;</li>
 *   <li>{@code header}: single-valued headers, the {@code Content-Type} matcher and the timestamp header;</li>
 *   <li>{@code json} and {@code form}: strict readers of a verified body;</li>
 *   <li>{@code ingress}: what an adapter hands the receiving pipeline, the event or the rejection;</li>
 *   <li>{@code processing}: how an event interpreter reads a stored payload with the same readers and fails
 *       the way processing expects.</li>
 * </ul>
 *
 * <p>In this package itself, {@code DeclaredProviderAdapter}: the base every built-in adapter extends to state its
 * name, media types and tolerance rather than code them; and {@code DeclaredEventInterpreter}, the base every
 * built-in event interpreter extends to state its provider, with the object keys and the changes that follow from
 * it built the same way for all.
 *
 * <p>Dependencies point one way: every package may raise the rejections in {@code ingress}, {@code processing}
 * builds on the readers, and no sub-package depends on {@code processing} or on this package. Every helper works
 * on bytes: a body only becomes characters when a verified body is parsed as JSON. Exception messages name what
 * was wrong (a header, a field), never a secret, a signature or body content.
 */
package io.tambat.adapter.in.provider.support;
