/**
 * The inbox after ingress: the work queue its workers lease, the operators' queries of it, reconciliation of
 * accepted rows against their processed records, and the object store that holds rows' sealed payloads when
 * they are not kept in the rows themselves.
 */
package io.tambat.domain.port.out.inbox;
