/**
 * Forwarding: the deliveries of forwarded messages ({@code forward_delivery}) and their leases per destination,
 * destination health, and the signals between instances ({@code LISTEN}/{@code NOTIFY}).
 */
package io.tambat.adapter.out.persistence.forwarding;
