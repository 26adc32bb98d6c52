/** Forwarding of accepted events to the shop's own services, run on the runnable jar against real consumers. */
package io.tambat.it.forwarding;
