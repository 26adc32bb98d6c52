/** Sending forwarded messages to the shop's own services: signed HTTP. */
package io.tambat.adapter.out.forwarding;
