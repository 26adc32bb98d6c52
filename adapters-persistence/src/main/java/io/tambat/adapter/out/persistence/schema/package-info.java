/**
 * The schema: Flyway migrations applied at start, and the readiness check that reports whether the database
 * answers.
 */
package io.tambat.adapter.out.persistence.schema;
