/** The idempotent order API from raw HTTP: replays, conflicts, tenants, concurrency and dropped answers. */
package io.tambat.it.order;
