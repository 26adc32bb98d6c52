/**
 * The inbox ({@code webhook_inbox} and its history): storing each logical event once, the work queue workers
 * lease, operators' queries, reconciliation, and the per-minute delivery counts.
 */
package io.tambat.adapter.out.persistence.inbox;
