/**
 * Benchmarks that report numbers, never pass/fail on time: run with {@code scripts/bench}, not with the
 * test suite.
 */
package io.tambat.it.bench;
