/**
 * PostgreSQL adapters of the persistence ports, named for what they run: {@code Postgres*Adapter} classes run
 * native SQL, where the database must decide (unique claims, {@code ON CONFLICT}, leases under
 * {@code FOR UPDATE SKIP LOCKED}); a {@code Jpa*Adapter} works on JPA entities. Each table's result rows are
 * read in one mapper ({@code *Rows}). Also the schema migrator and the database's readiness check. JPA classes end in
 * {@code JpaEntity} and never leave this package.
 */
package io.tambat.adapter.out.persistence;
