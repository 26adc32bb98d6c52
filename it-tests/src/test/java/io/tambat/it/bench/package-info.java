/**
 * The side-by-side benchmark: Tambat next to PostgreSQL running the same transactions (pgbench), reporting
 * numbers and judging them against goals, never failing on time. Run with {@code scripts/bench}, not with the
 * test suite; its unit tests ({@code *Test}), which need no server, run with the suite.
 */
package io.tambat.it.bench;
