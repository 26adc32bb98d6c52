/**
 * Configuration from MicroProfile Config (environment variables in production) turned into domain values,
 * validated at start: a wrong key stops the server with a message naming it.
 */
package io.tambat.composition;
