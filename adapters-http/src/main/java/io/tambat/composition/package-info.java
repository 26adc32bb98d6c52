/**
 * Configuration from MicroProfile Config (environment variables in production) turned into domain values,
 * validated at start: a wrong key stops the server with a message naming it. Every key read is declared once,
 * in {@code Setting}, which the documentation is checked against.
 */
package io.tambat.composition;
