/** Clients of the downstream payment and inventory services; every request carries its idempotency key. */
package io.tambat.adapter.out.downstream;
