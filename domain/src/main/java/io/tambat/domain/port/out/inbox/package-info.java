/**
 * The inbox after ingress: the work queue its workers lease, the operators' queries of it, and reconciliation of
 * accepted rows against their processed records.
 */
package io.tambat.domain.port.out.inbox;
