/** Webhook receiving, driven from raw HTTP bytes against a managed Liberty and asserted on PostgreSQL rows. */
package io.tambat.it.webhook;
