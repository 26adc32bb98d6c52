/**
 * Event processing: stored inbox events become business state, in version order, exactly once; the outbox
 * relay, retention, and the operator's view of the inbox. Transactions are declared here; no remote call
 * happens inside one.
 */
package io.tambat.application.processing;
