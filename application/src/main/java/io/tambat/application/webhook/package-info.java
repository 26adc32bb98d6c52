/**
 * Webhook ingress: verify a delivery against its endpoint's trusted secret versions, store it once in the
 * inbox, and the operator's management of secrets and payload keys; the background re-keying of payload digests
 * stored unkeyed by an earlier release. Transactions are declared here; no remote call happens inside one.
 */
package io.tambat.application.webhook;
