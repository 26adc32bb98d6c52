/**
 * The schema: what an instance does to it at start as {@code tambat.db.migrate} says (migrate it, validate it, or
 * leave it alone), the one-off migration that {@code tambat-migrate} runs outside any server, and the readiness
 * check that reports whether the schema is ready and the database answers.
 */
package io.tambat.adapter.out.persistence.schema;
