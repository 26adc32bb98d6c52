/**
 * What every persistence adapter shares: numbered statements run on the transaction's enlisted connection
 * ({@link io.tambat.adapter.out.persistence.jdbc.EnlistedConnection}) or through native queries, reading their
 * result columns ({@link io.tambat.adapter.out.persistence.jdbc.ColumnValues}, {@link
 * io.tambat.adapter.out.persistence.jdbc.NativeResults}), the shape of a lease statement, batched retention
 * deletes, and the translation of a database failure into the domain's storage exceptions ({@link
 * io.tambat.adapter.out.persistence.jdbc.StorageCalls}). Knows no table.
 */
package io.tambat.adapter.out.persistence.jdbc;
