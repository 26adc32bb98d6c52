/**
 * PostgreSQL adapters of the persistence ports: native SQL where the database must decide (unique claims,
 * {@code ON CONFLICT}), JPA entities elsewhere; the schema migrator and the readiness check. JPA classes end
 * in {@code JpaEntity} and never leave this package.
 */
package io.tambat.adapter.out.persistence;
