/**
 * {@code tambat-migrate}, the one-off job that applies a release's migrations to the schema and exits, for
 * deployments whose instances start with {@code tambat.db.migrate} {@code validate} or {@code off}.
 */
package io.tambat.migrate;
