/**
 * Reconciliation: accepted inbox rows compared with their processed-event records and business mutations, per
 * provider and endpoint, with the rows that disagree named by id.
 */
package io.tambat.domain.model.reconciliation;
