/**
 * Webhook receiving: endpoints, raw deliveries, signature checks, verified events and the rate limit.
 * Values are immutable records; byte arrays are copied in and out.
 */
package io.tambat.domain.model.webhook;
