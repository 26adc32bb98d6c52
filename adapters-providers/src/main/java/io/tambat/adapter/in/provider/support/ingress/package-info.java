/**
 * What a provider adapter hands the receiving pipeline: the {@code WebhookEvent} it read
 * ({@code WebhookEvents}, which turns values the domain refuses into a rejection), or the typed rejection the
 * sender is answered with ({@code Rejections}).
 *
 * <p>The other support packages raise these rejections too, so this package depends on the domain alone.
 * Details are shown to the sender and logged: they name a header or field, never its value.
 */
package io.tambat.adapter.in.provider.support.ingress;
