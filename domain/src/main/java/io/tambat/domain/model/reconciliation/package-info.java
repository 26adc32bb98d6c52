/**
 * Reconciliation: accepted inbox rows compared with their processed-event records and outbox publication, per
 * provider and endpoint, with the rows that disagree named by id.
 */
package io.tambat.domain.model.reconciliation;
