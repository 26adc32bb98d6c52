/**
 * The durable audit trail of operator actions.
 */
package io.tambat.domain.port.out.operator;
