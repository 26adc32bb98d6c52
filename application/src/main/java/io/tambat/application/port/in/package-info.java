/** Inbound ports: the use cases offered to the adapters that receive requests. */
package io.tambat.application.port.in;
