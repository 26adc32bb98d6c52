/**
 * The audit trail of operator actions ({@code operator_audit}).
 */
package io.tambat.adapter.out.persistence.operator;
