/**
 * What receiving webhooks needs: the configured endpoints, the inbox that stores each logical event once, the
 * per-minute delivery counts and the ingress metrics.
 */
package io.tambat.domain.port.out.webhook;
