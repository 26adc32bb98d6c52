/** Sending forwarded messages to the shop's own services, signed HTTP, and the body of a state change. */
package io.tambat.adapter.out.forwarding;
