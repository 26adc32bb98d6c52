/**
 * Reconciliation of accepted events with their processing: the report operators ask for, and the scheduled run
 * whose discrepancy counts the alerts watch.
 */
package io.tambat.application.reconciliation;
