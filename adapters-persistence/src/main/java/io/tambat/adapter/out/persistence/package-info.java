/**
 * PostgreSQL adapters of the persistence ports, one package per capability ({@code inbox}, {@code secrets},
 * {@code processing}, {@code order}, {@code operator}, {@code forwarding}), with the JDBC helpers they share in
 * {@code jdbc} and the schema in {@code schema}. Named for what they run: {@code Postgres*Adapter} classes run
 * native SQL, where the database must decide (unique claims, {@code ON CONFLICT}, leases under
 * {@code FOR UPDATE SKIP LOCKED}); a {@code Jpa*Adapter} works on JPA entities, which end in {@code JpaEntity}
 * and never leave their package.
 */
package io.tambat.adapter.out.persistence;
