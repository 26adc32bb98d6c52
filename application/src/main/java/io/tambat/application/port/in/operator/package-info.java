/**
 * Use cases: reading the audit trail of operator actions.
 */
package io.tambat.application.port.in.operator;
